import { BehaviorSubject, Subject, type Observable } from 'rxjs';
import {
  MeetingRoom,
  RemoteError,
  type CallDeviceKind,
  type MeetingEndRequest,
  type MeetingLeaveNotice,
  type MeetingParticipantMedia,
  type MeetingRoomJoinOptions,
} from '@teamim/application';
import { RoomConnectionState } from '@teamim/domain';
import { RtcErrorCode, toRemoteError } from './livekit-room-parts';
import type { LiveKitMeetingRoom } from './livekit-meeting-room';

type Loaded = Pick<
  LiveKitMeetingRoom,
  | 'prepare'
  | 'connect'
  | 'disconnect'
  | 'setMicrophoneEnabled'
  | 'setCameraEnabled'
  | 'setScreenShareEnabled'
  | 'sendEndForAll'
  | 'sendLeaving'
  | 'attachVideo'
  | 'selectDevice'
  | 'state$'
  | 'participants$'
  | 'endRequests$'
  | 'leaveNotices$'
  | 'pageLeaving$'
>;

const LEFT_WHILE_LOADING = 'the meeting was left before it was joined';

/**
 * {@link MeetingRoom} whose LiveKit code loads with the first join (it rides in livekit-client's chunk),
 * so the page signed in to a chat list does not carry it. Until then it is an empty room; a device chosen
 * meanwhile is applied once the room is there.
 */
export class LazyMeetingRoom extends MeetingRoom {
  private readonly state = new BehaviorSubject<RoomConnectionState>(RoomConnectionState.Disconnected);
  private readonly everyone = new BehaviorSubject<readonly MeetingParticipantMedia[]>([]);
  private readonly ends = new Subject<MeetingEndRequest>();
  private readonly leaves = new Subject<MeetingLeaveNotice>();
  private readonly pageLeaves = new Subject<void>();
  private room: Promise<Loaded> | undefined;
  private current: Loaded | undefined;
  private readonly deviceIDs: Partial<Record<CallDeviceKind, string>> = {};
  private attempts = 0;
  readonly state$: Observable<RoomConnectionState> = this.state.asObservable();
  readonly participants$: Observable<readonly MeetingParticipantMedia[]> = this.everyone.asObservable();
  readonly endRequests$: Observable<MeetingEndRequest> = this.ends.asObservable();
  readonly leaveNotices$: Observable<MeetingLeaveNotice> = this.leaves.asObservable();
  readonly pageLeaving$: Observable<void> = this.pageLeaves.asObservable();

  constructor(private readonly load: () => Promise<Loaded>) {
    super();
  }

  private loaded(): Promise<Loaded> {
    this.room ??= this.load().then(
      async (room) => {
        room.state$.subscribe((s) => this.state.next(s));
        room.participants$.subscribe((p) => this.everyone.next(p));
        room.endRequests$.subscribe((e) => this.ends.next(e));
        room.leaveNotices$.subscribe((n) => this.leaves.next(n));
        room.pageLeaving$.subscribe(() => this.pageLeaves.next());
        for (const [kind, id] of Object.entries(this.deviceIDs) as [CallDeviceKind, string][]) {
          await room.selectDevice(kind, id);
        }
        this.current = room;
        return room;
      },
      (cause: unknown) => {
        // The next join loads again (offline now, say).
        this.room = undefined;
        throw toRemoteError(cause, RtcErrorCode.ConnectFailed);
      },
    );
    return this.room;
  }

  /** Loads the room's code now, if it has not loaded yet, and lets the room ready what it can. */
  prepare(): void {
    this.loaded().then(
      (room) => room.prepare(),
      // The join loads again, and reports it.
      () => undefined,
    );
  }

  async connect(serverUrl: string, token: string, options: MeetingRoomJoinOptions): Promise<void> {
    const attempt = ++this.attempts;
    if (this.current === undefined) this.state.next(RoomConnectionState.Connecting);
    let room: Loaded;
    try {
      room = await this.loaded();
    } catch (cause: unknown) {
      if (attempt === this.attempts) this.state.next(RoomConnectionState.Disconnected);
      throw cause;
    }
    if (attempt !== this.attempts) throw new RemoteError(RtcErrorCode.ConnectFailed, LEFT_WHILE_LOADING);
    await room.connect(serverUrl, token, options);
  }

  async disconnect(): Promise<void> {
    this.attempts += 1;
    if (this.current === undefined) {
      this.state.next(RoomConnectionState.Disconnected);
      return;
    }
    await this.current.disconnect();
  }

  async setMicrophoneEnabled(enabled: boolean): Promise<void> {
    await this.current?.setMicrophoneEnabled(enabled);
  }

  async setCameraEnabled(enabled: boolean): Promise<void> {
    await this.current?.setCameraEnabled(enabled);
  }

  async setScreenShareEnabled(enabled: boolean): Promise<void> {
    await this.current?.setScreenShareEnabled(enabled);
  }

  attachVideo(track: unknown, host: unknown): () => void {
    return this.current?.attachVideo(track, host) ?? (() => undefined);
  }

  async sendEndForAll(meetingID: string): Promise<void> {
    await this.current?.sendEndForAll(meetingID);
  }

  async sendLeaving(meetingID: string): Promise<void> {
    await this.current?.sendLeaving(meetingID);
  }

  async selectDevice(kind: CallDeviceKind, deviceID: string): Promise<void> {
    this.deviceIDs[kind] = deviceID;
    await this.current?.selectDevice(kind, deviceID);
  }
}
