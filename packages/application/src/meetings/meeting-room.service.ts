import {
  BehaviorSubject,
  firstValueFrom,
  filter,
  interval,
  race,
  startWith,
  Subject,
  Subscription,
  timer,
} from 'rxjs';
import type { Observable } from 'rxjs';
import {
  err,
  MEETING_LEAVE_GRACE_MS,
  type Meeting,
  MEETING_STAY_REFRESH_MS,
  meetingStayStorageKey,
  ok,
  RoomConnectionState,
  serializeMeetingStay,
  type I18nKey,
  type Result,
} from '@teamim/domain';
import type { CallService } from '../calls/call.service';
import type { ChatApi } from '../ports/chat-api.port';
import type { Clock } from '../ports/clock.port';
import type { LocalStore } from '../ports/key-value-store.port';
import type { Logger } from '../ports/logger.port';
import type { MeetingEndRequest, MeetingLeaveNotice, MeetingRoom } from '../ports/meeting-room.port';
import type { Notifier } from '../ports/notifier.port';
import type { CurrentUser } from '../session/current-user';
import { stateFailure, type AppError } from '../shared/app-error';
import { attempt } from '../shared/remote-error';
import { MeetingLauncher, type MeetingJoinRequest, type MeetingLeft } from './meeting-launcher';
import { MeetingRoomAccess } from './meeting-room-access';
import { MeetingStay } from './meeting-stay';

export type MeetingRoomPhase = 'idle' | 'connecting' | 'connected';

export interface MeetingRoomStatus {
  readonly phase: MeetingRoomPhase;
  readonly request: MeetingJoinRequest | undefined;
  readonly microphoneEnabled: boolean;
  readonly cameraEnabled: boolean;
}

const idle: MeetingRoomStatus = {
  phase: 'idle',
  request: undefined,
  microphoneEnabled: true,
  cameraEnabled: true,
};

/** How a stay ended: the own user left, the meeting was ended for everyone, the room dropped it, the session closed. */
type Finish = 'left' | 'endedForAll' | 'dropped' | 'disposed';

/**
 * The meeting room of the signed-in user, one meeting at a time: joins the meeting's media room with a
 * token from the chat API, keeps the own devices, leaves, and lets the host end the meeting for
 * everyone. The end travels through the room itself (a data message the SFU stamps with its sender), so
 * it needs nothing of ours on the server; each participant honours it only from the meeting's host.
 * Meetings and one-to-one calls exclude each other: each holds the microphone and camera.
 *
 * Leaving is announced: the room is told before the disconnect, and the own user stays in it a short
 * grace (its view closed) to hear whether the others are leaving too, so that two who leave together
 * both know nobody stays. While in the room a record of the stay is kept in local storage, for the
 * user's next session to post the end should the page die with the user alone in the room.
 */
export class MeetingRoomService extends MeetingLauncher {
  private readonly status = new BehaviorSubject<MeetingRoomStatus>(idle);
  private readonly active = new BehaviorSubject<MeetingJoinRequest | undefined>(undefined);
  private readonly left = new Subject<MeetingLeft>();
  private readonly subscriptions = new Subscription();
  private stay: MeetingStay | undefined;
  /** A stay the own user has left, while it waits its grace for the others. */
  private departing: MeetingStay | undefined;
  /** The leave under way (announce, grace, disconnect): a next join waits for it. */
  private departure: Promise<void> | undefined;
  /** Ticks when the room's view of a stay changes (someone came, went or said they are leaving). */
  private readonly changed = new Subject<void>();
  private refresh: Subscription | undefined;
  private roomState: RoomConnectionState = RoomConnectionState.Disconnected;
  private readonly roomAccess: MeetingRoomAccess;
  readonly status$: Observable<MeetingRoomStatus> = this.status.asObservable();
  readonly active$: Observable<MeetingJoinRequest | undefined> = this.active.asObservable();
  readonly left$: Observable<MeetingLeft> = this.left.asObservable();

  constructor(
    private readonly room: MeetingRoom,
    chatApi: ChatApi,
    private readonly calls: CallService,
    private readonly currentUser: CurrentUser,
    private readonly clock: Clock,
    private readonly notifier: Notifier,
    private readonly logger: Logger,
    private readonly store: LocalStore,
  ) {
    super();
    this.roomAccess = new MeetingRoomAccess(chatApi, currentUser, clock);
    calls.busyElsewhere = () => this.status.value.phase !== 'idle';
    this.subscriptions.add(
      room.participants$.subscribe((everyone) => {
        if ((this.stay ?? this.departing)?.see(everyone) === true) this.noted();
      }),
    );
    this.subscriptions.add(room.endRequests$.subscribe((request) => void this.onEndRequest(request)));
    this.subscriptions.add(room.leaveNotices$.subscribe((notice) => this.onLeaveNotice(notice)));
    // The page going away is no leave the user chose, but the others may as well know at once.
    this.subscriptions.add(
      room.pageLeaving$.subscribe(() => {
        const stay = this.stay;
        if (stay === undefined || this.status.value.phase !== 'connected') return;
        void attempt(() => this.room.sendLeaving(stay.meetingID));
      }),
    );
    this.subscriptions.add(
      room.state$.subscribe((state) => {
        this.roomState = state;
        // Dropped by the SFU (the room closed, the network gone for good): the stay is over.
        if (state === RoomConnectionState.Disconnected && this.status.value.phase === 'connected') {
          void this.finish('dropped');
        }
      }),
    );
  }

  get snapshot(): MeetingRoomStatus {
    return this.status.value;
  }

  /** The own user hosts the meeting they are in (and so may end it for everyone). */
  hosting(): boolean {
    return this.status.value.request?.meeting.hostUserID === this.currentUser.id();
  }

  prepare(meeting: Meeting): void {
    // The chat's view asks at each of its changes: the room is readied once per request ahead.
    if (this.status.value.phase === 'idle' && this.roomAccess.askAhead(meeting.roomID)) this.room.prepare();
  }

  async join(request: MeetingJoinRequest): Promise<Result<void, AppError>> {
    // Still leaving the last meeting's room (its grace): the room is free once that is over.
    if (this.departure !== undefined) await this.departure;
    if (this.status.value.phase !== 'idle')
      return this.refuse('meetingRoom.busyInMeeting', 'already in a meeting');
    if (this.calls.snapshot.phase !== 'idle') return this.refuse('meetingRoom.busyInCall', 'in a call');
    const self = this.currentUser.id();
    this.status.next({ ...idle, phase: 'connecting', request });
    this.active.next(request);
    // The stay starts with the join: a leave while connecting is reported as one, from what the room said.
    this.stay = new MeetingStay(request, this.clock.now(), self);
    const access = await this.roomAccess.take(request.meeting.roomID);
    if (this.status.value.request !== request) return err(stateFailure('left while joining'));
    if (!access.ok || access.value.serverUrl === '') {
      this.notifier.notify({
        level: 'error',
        key: access.ok ? 'error.noLivekitUrl' : 'meetingRoom.joinFailed',
      });
      this.reset();
      return access.ok ? err(stateFailure('no livekit url provided')) : access;
    }
    const { microphoneEnabled, cameraEnabled } = this.status.value;
    const options = { microphone: microphoneEnabled, camera: cameraEnabled };
    const connected = await attempt(() =>
      this.room.connect(access.value.serverUrl, access.value.token, options),
    );
    // Left while connecting: the leave's disconnect cancelled the connect (the port's promise).
    if (this.status.value.request !== request) return err(stateFailure('left while joining'));
    if (!connected.ok && this.roomState !== RoomConnectionState.Connected) {
      this.notifier.notify({ level: 'error', key: 'meetingRoom.joinFailed' });
      this.reset();
      return connected;
    }
    this.status.next({ ...this.status.value, phase: 'connected' });
    this.write();
    this.refresh = interval(MEETING_STAY_REFRESH_MS, this.clock.scheduler).subscribe(() => this.write());
    if (!connected.ok) {
      // In the room, but a device could not start: it stays off, and the user is told.
      this.notifier.notify({ level: 'error', key: 'meetingRoom.deviceFailed' });
      this.status.next({ ...this.status.value, microphoneEnabled: false, cameraEnabled: false });
    }
    return ok(undefined);
  }

  withdraw(request: MeetingJoinRequest): void {
    if (this.status.value.request !== request) return;
    // Nobody was told of the meeting: no leave to announce, no stay to report, none to recover later.
    if (this.status.value.phase === 'connected') this.store.remove(this.recordKey());
    this.stay = undefined;
    void this.finish('left');
  }

  /**
   * Leaves the meeting; the others stay in it. The meeting closes at once; the promise settles once
   * the room is left (after the grace, when others were still in).
   */
  async leave(): Promise<Result<void, AppError>> {
    if (this.status.value.phase === 'idle') return err(stateFailure('not in a meeting'));
    await this.finish('left');
    return ok(undefined);
  }

  /** The host ends the meeting: everyone in the room is told, then the host leaves. */
  async endForAll(): Promise<Result<void, AppError>> {
    const { phase, request } = this.status.value;
    if (phase !== 'connected' || request === undefined) return err(stateFailure('not in a meeting'));
    if (request.meeting.hostUserID !== this.currentUser.id())
      return err(stateFailure('only the host ends a meeting'));
    const sent = await attempt(() => this.room.sendEndForAll(request.meeting.meetingID));
    if (!sent.ok) {
      this.notifier.notify({ level: 'error', key: 'toast.accessFailed' });
      return sent;
    }
    await this.finish('endedForAll');
    return ok(undefined);
  }

  async toggleMicrophone(): Promise<Result<void, AppError>> {
    const enabled = !this.status.value.microphoneEnabled;
    return this.toggle({ microphoneEnabled: enabled }, () => this.room.setMicrophoneEnabled(enabled));
  }

  async toggleCamera(): Promise<Result<void, AppError>> {
    const enabled = !this.status.value.cameraEnabled;
    return this.toggle({ cameraEnabled: enabled }, () => this.room.setCameraEnabled(enabled));
  }

  /** Starts or stops sharing a screen (the browser asks which); declining the browser's picker is no error to show. */
  async setScreenShare(enabled: boolean): Promise<Result<void, AppError>> {
    if (this.status.value.phase !== 'connected') return err(stateFailure('not in a meeting'));
    const shared = await attempt(() => this.room.setScreenShareEnabled(enabled));
    if (!shared.ok) {
      this.logger.warn('screen share failed', { code: shared.error.code });
      this.notifier.notify({ level: 'error', key: 'meetingRoom.screenShareFailed' });
    }
    return shared;
  }

  private async toggle(
    change: Partial<MeetingRoomStatus>,
    apply: () => Promise<void>,
  ): Promise<Result<void, AppError>> {
    const before = this.status.value;
    if (before.phase === 'idle') return err(stateFailure('not in a meeting'));
    this.status.next({ ...before, ...change });
    if (before.phase !== 'connected') return ok(undefined);
    const applied = await attempt(apply);
    if (!applied.ok) {
      this.notifier.notify({ level: 'error', key: 'meetingRoom.deviceFailed' });
      this.status.next({
        ...this.status.value,
        microphoneEnabled: before.microphoneEnabled,
        cameraEnabled: before.cameraEnabled,
      });
    }
    return applied;
  }

  private refuse(key: I18nKey, reason: string): Result<void, AppError> {
    this.notifier.notify({ level: 'error', key });
    return err(stateFailure(reason));
  }

  private onLeaveNotice(notice: MeetingLeaveNotice): void {
    const stay = this.stay ?? this.departing;
    if (stay === undefined || notice.meetingID !== stay.meetingID) return;
    if (notice.fromUserID === this.currentUser.id()) return;
    stay.leaves(notice.fromUserID);
    this.noted();
  }

  private noted(): void {
    this.write();
    this.changed.next();
  }

  /** Keeps the record of the stay in the room (not of one being left, nor one still connecting). */
  private write(): void {
    const stay = this.stay;
    if (stay === undefined || this.status.value.phase !== 'connected') return;
    const record = stay.record(this.clock.now());
    if (record !== undefined) this.store.set(this.recordKey(), serializeMeetingStay(record));
  }

  private recordKey(): string {
    return meetingStayStorageKey(this.currentUser.id());
  }

  private async onEndRequest(request: MeetingEndRequest): Promise<void> {
    await this.endByHost(request.meetingID, request.fromUserID);
  }

  /** The end as posted to the card's conversation: the same end as the room's signal, whichever comes first. */
  endPosted(meetingID: string, senderUserID: string): void {
    void this.endByHost(meetingID, senderUserID);
  }

  private async endByHost(meetingID: string, fromUserID: string): Promise<void> {
    const active = this.status.value.request;
    if (active === undefined || meetingID !== active.meeting.meetingID) return;
    // Only the meeting's host may end it for everyone; the SFU stamps who sent a room message, the IM
    // server who sent a chat message.
    if (fromUserID !== active.meeting.hostUserID) {
      this.logger.warn('meeting end ignored: not from the host', { meetingID });
      return;
    }
    this.notifier.notify({ level: 'info', key: 'meetingRoom.endedByHost' });
    await this.finish('endedForAll');
  }

  private finish(how: Finish): Promise<void> {
    const departure = this.depart(how);
    this.departure = departure;
    return departure.finally(() => {
      if (this.departure === departure) this.departure = undefined;
    });
  }

  private async depart(how: Finish): Promise<void> {
    const stay = this.stay;
    // Only a stay in the room says it is leaving; one still connecting is cancelled at once.
    const announce = how === 'left' && this.status.value.phase === 'connected';
    const leftAt = this.clock.now();
    this.reset();
    if (stay !== undefined && announce) {
      this.departing = stay;
      stay.depart();
      // Off the air at once: the grace is for hearing whether the others go too, not for being heard or seen.
      const [sent] = await Promise.all([
        attempt(() => this.room.sendLeaving(stay.meetingID)),
        attempt(() =>
          Promise.all([
            this.room.setMicrophoneEnabled(false),
            this.room.setCameraEnabled(false),
            this.room.setScreenShareEnabled(false),
          ]),
        ),
      ]);
      if (sent.ok) await this.othersGone(stay);
      this.departing = undefined;
    }
    if (how !== 'dropped') {
      const result = await attempt(() => this.room.disconnect());
      if (!result.ok) this.logger.warn('meeting room disconnect failed', { code: result.error.code });
    }
    if (stay === undefined) return;
    // Nobody can tell whether others were in a room that never answered: not ending it under them.
    const lastToLeave = stay.others === 0;
    // Left alone without leaving (the room dropped, the session closed, the page may be going): the
    // record stays for a next session to post the end this one may not manage.
    if (!lastToLeave || how === 'left' || how === 'endedForAll') this.store.remove(this.recordKey());
    this.left.next({
      meetingID: stay.meetingID,
      conversationID: stay.request.conversationID,
      endedForAll: how === 'endedForAll',
      lastToLeave,
      participantUserIDs: [...stay.seen],
      coLeavers: stay.coLeavers,
      joinedAt: stay.joinedAt,
      leftAt,
    });
  }

  /** Waits until every other in the room has gone or said it is leaving, for at most the grace. */
  private async othersGone(stay: MeetingStay): Promise<void> {
    const nobodyStays = this.changed.pipe(
      startWith(undefined),
      filter(() => stay.others === 0),
    );
    // The session may close meanwhile (its subjects complete): that ends the wait too.
    await firstValueFrom(race(nobodyStays, timer(MEETING_LEAVE_GRACE_MS, this.clock.scheduler)), {
      defaultValue: undefined,
    });
  }

  private reset(): void {
    this.refresh?.unsubscribe();
    this.refresh = undefined;
    this.stay = undefined;
    if (this.status.value.phase === 'idle') return;
    this.status.next(idle);
    this.active.next(undefined);
  }

  dispose(): void {
    if (this.status.value.phase !== 'idle') void this.finish('disposed');
    this.calls.busyElsewhere = () => false;
    this.subscriptions.unsubscribe();
    this.status.complete();
    this.active.complete();
    this.left.complete();
    this.changed.complete();
  }
}
