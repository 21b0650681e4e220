import { BehaviorSubject, Subject } from 'rxjs';
import { RoomConnectionState } from '@teamim/domain';
import {
  MeetingRoom,
  type MeetingEndRequest,
  type MeetingLeaveNotice,
  type MeetingParticipantMedia,
  type MeetingRoomJoinOptions,
} from '../ports/meeting-room.port';
import { RemoteError } from '../shared/remote-error';
import type { MeetingJoinRequest } from '../meetings/meeting-launcher';

/** A quick meeting hosted by alice in group g1, as a card would ask to join it. */
export function meetingJoinRequest(change: Partial<MeetingJoinRequest['meeting']> = {}): MeetingJoinRequest {
  return {
    conversationID: 'sg_g1',
    meeting: {
      meetingID: 'm1',
      roomID: 'meeting-m1',
      kind: 'quick',
      title: 'Standup',
      hostUserID: 'alice',
      startTime: 1_000,
      durationMinutes: 30,
      description: '',
      inviteeUserIDs: [],
      startedAt: 1_000,
      participantUserIDs: [],
      cancelled: false,
      ...change,
    },
  };
}

const remote = (userID: string): MeetingParticipantMedia => ({
  userID,
  isLocal: false,
  microphoneMuted: true,
  cameraOff: true,
  speaking: false,
});

/**
 * A meeting's media room in memory, joined with the fake chat API's tokens (`room|user`). A test plays
 * the others: who comes and goes, their tracks and mutes, who speaks, and what they send.
 */
export class FakeMeetingRoom extends MeetingRoom {
  private readonly state = new BehaviorSubject<RoomConnectionState>(RoomConnectionState.Disconnected);
  private readonly everyone = new BehaviorSubject<readonly MeetingParticipantMedia[]>([]);
  private readonly ends = new Subject<MeetingEndRequest>();
  private readonly leaves$ = new Subject<MeetingLeaveNotice>();
  private readonly pageLeaves = new Subject<void>();
  readonly state$ = this.state.asObservable();
  readonly participants$ = this.everyone.asObservable();
  readonly endRequests$ = this.ends.asObservable();
  readonly leaveNotices$ = this.leaves$.asObservable();
  readonly pageLeaving$ = this.pageLeaves.asObservable();
  /** Leaving messages sent, by meeting. */
  readonly sentLeavings: string[] = [];
  /** The other participants' rooms linked to this one (`link`), and the own identity while joined. */
  private readonly peers = new Set<FakeMeetingRoom>();
  private identity: string | undefined;
  /** Each connect's room name and options, in order. */
  readonly joins: { roomID: string; userID: string; options: MeetingRoomJoinOptions }[] = [];
  /** End-for-everyone messages sent. */
  readonly sentEnds: string[] = [];
  /** The video each host element of the view plays now. */
  readonly attached = new Map<unknown, unknown>();
  /** Set to make the next connect fail as the SFU would. */
  failConnect: RemoteError | undefined;
  /** Set to join with the microphone and camera failing to start (connect rejects, the room stays joined). */
  failDevices = false;
  /** Set to make the next screen share fail (the user declined the browser's picker). */
  failScreenShare = false;
  /**
   * Set to hold the next connect until `release()`: before the SFU answers (`room`), or in the room while
   * the devices start (`devices`, the browser's permission prompt). A disconnect meanwhile cancels it.
   */
  holdConnect: 'room' | 'devices' | undefined;
  private held: (() => void) | undefined;
  private attempts = 0;

  /** How many times a join was prepared. */
  prepared = 0;

  prepare(): void {
    this.prepared += 1;
  }

  async connect(serverUrl: string, token: string, options: MeetingRoomJoinOptions): Promise<void> {
    await Promise.resolve();
    const attempt = ++this.attempts;
    const failure = this.failConnect;
    const hold = this.holdConnect;
    this.failConnect = undefined;
    this.holdConnect = undefined;
    if (serverUrl === '') throw new RemoteError(-1, 'no livekit url provided');
    if (failure !== undefined) throw failure;
    if (hold === 'room') await this.hold();
    if (attempt !== this.attempts) throw new RemoteError(-2, 'Client initiated disconnect');
    const [roomID = '', userID = ''] = token.split('|');
    this.joins.push({ roomID, userID, options });
    this.identity = userID;
    this.state.next(RoomConnectionState.Connected);
    for (const peer of this.peers) {
      if (peer.identity === undefined) continue;
      peer.arrives(userID);
      this.arrives(peer.identity);
    }
    if (hold === 'devices') {
      this.everyone.next([
        { userID, isLocal: true, microphoneMuted: true, cameraOff: true, speaking: false },
      ]);
      await this.hold();
      if (attempt !== this.attempts) throw new RemoteError(-2, 'Client initiated disconnect');
    }
    const devices = !this.failDevices;
    const self: MeetingParticipantMedia = {
      userID,
      isLocal: true,
      ...(devices && options.camera ? { video: `video:${userID}` } : {}),
      microphoneMuted: !(devices && options.microphone),
      cameraOff: !(devices && options.camera),
      speaking: false,
    };
    this.everyone.next([self, ...this.everyone.value.filter((p) => !p.isLocal)]);
    if (!devices) throw new RemoteError(-3, 'Permission denied');
  }

  /** Lets a held connect go on. */
  release(): void {
    const go = this.held;
    this.held = undefined;
    go?.();
  }

  /** Whether a connect is held now. */
  get holding(): boolean {
    return this.held !== undefined;
  }

  private hold(): Promise<void> {
    return new Promise((resolve) => (this.held = resolve));
  }

  async disconnect(): Promise<void> {
    this.attempts += 1;
    this.release();
    await Promise.resolve();
    this.dropped();
  }

  async setMicrophoneEnabled(enabled: boolean): Promise<void> {
    await Promise.resolve();
    this.updateSelf({ microphoneMuted: !enabled });
  }

  async setCameraEnabled(enabled: boolean): Promise<void> {
    await Promise.resolve();
    const self = this.self();
    if (self === undefined) return;
    const { video: _old, ...rest } = self;
    this.replace({ ...rest, cameraOff: !enabled, ...(enabled ? { video: `video:${self.userID}` } : {}) });
  }

  async setScreenShareEnabled(enabled: boolean): Promise<void> {
    await Promise.resolve();
    if (this.failScreenShare) {
      this.failScreenShare = false;
      throw new RemoteError(-3, 'Permission denied by user');
    }
    const self = this.self();
    if (self === undefined) return;
    const { screen: _old, ...rest } = self;
    this.replace(enabled ? { ...rest, screen: `screen:${self.userID}` } : rest);
  }

  attachVideo(track: unknown, host: unknown): () => void {
    this.attached.set(host, track);
    return () => {
      if (this.attached.get(host) === track) this.attached.delete(host);
    };
  }

  async sendEndForAll(meetingID: string): Promise<void> {
    await Promise.resolve();
    this.sentEnds.push(meetingID);
  }

  async sendLeaving(meetingID: string): Promise<void> {
    await Promise.resolve();
    this.sentLeavings.push(meetingID);
    const from = this.identity;
    if (from === undefined) return;
    for (const peer of this.peers) if (peer.identity !== undefined) peer.receiveLeaving(from, meetingID);
  }

  /**
   * Puts another participant's page in the same media room: each sees the other come (once both are
   * joined) and go, and hears the leaving messages the other sends.
   */
  link(other: FakeMeetingRoom): void {
    this.peers.add(other);
    other.peers.add(this);
  }

  // --- what the others do ---

  /** Another participant comes in, with nothing on air yet. */
  arrives(userID: string): void {
    this.everyone.next([...this.everyone.value, remote(userID)]);
  }

  leaves(userID: string): void {
    this.everyone.next(this.everyone.value.filter((p) => p.userID !== userID));
  }

  /** Changes what a participant has on air (tracks, mutes, speaking). */
  update(userID: string, change: Partial<Omit<MeetingParticipantMedia, 'userID' | 'isLocal'>>): void {
    const current = this.everyone.value.find((p) => p.userID === userID);
    if (current !== undefined) this.replace({ ...current, ...change });
  }

  /** Someone sent the end for everyone (the SFU stamps who). */
  receiveEnd(fromUserID: string, meetingID: string): void {
    this.ends.next({ fromUserID, meetingID });
  }

  /** Someone said they are leaving (the SFU stamps who). */
  receiveLeaving(fromUserID: string, meetingID: string): void {
    this.leaves$.next({ fromUserID, meetingID });
  }

  /** The page is going away (the browser's pagehide). */
  pageHides(): void {
    this.pageLeaves.next();
  }

  /** The SFU drops this participant (the room closed, the network is gone for good). */
  dropped(): void {
    const gone = this.identity;
    this.identity = undefined;
    if (gone !== undefined) for (const peer of this.peers) peer.leaves(gone);
    this.everyone.next([]);
    this.state.next(RoomConnectionState.Disconnected);
  }

  reconnecting(): void {
    this.state.next(RoomConnectionState.Reconnecting);
  }

  /** Everyone in the room as this device sees it now, itself included. */
  snapshot(): readonly MeetingParticipantMedia[] {
    return this.everyone.value;
  }

  private self(): MeetingParticipantMedia | undefined {
    return this.everyone.value.find((p) => p.isLocal);
  }

  private updateSelf(change: Partial<MeetingParticipantMedia>): void {
    const self = this.self();
    if (self !== undefined) this.replace({ ...self, ...change });
  }

  private replace(next: MeetingParticipantMedia): void {
    this.everyone.next(this.everyone.value.map((p) => (p.userID === next.userID ? next : p)));
  }
}
