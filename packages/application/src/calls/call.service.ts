import { BehaviorSubject, interval, Subject, Subscription, timer, type Observable } from 'rxjs';
import {
  callPeerOf,
  callRoleOf,
  callTimeoutMs,
  CALL,
  CallOutcome,
  CallRole,
  CustomType,
  err,
  formatCallTimer,
  isSameCall,
  ok,
  type CallInvitation,
  type CallMediaType,
  type CallSignalType,
  type Result,
} from '@teamim/domain';
import type { CallSignalling, ReceivedCallSignal } from '../ports/call-signalling.port';
import type { ChatApi } from '../ports/chat-api.port';
import type { Clock } from '../ports/clock.port';
import type { IdGenerator } from '../ports/id-generator.port';
import type { Logger } from '../ports/logger.port';
import type { Notifier } from '../ports/notifier.port';
import type { RtcConnectOptions, RtcRoom } from '../ports/rtc-room.port';
import type { AppError } from '../shared/app-error';
import { stateFailure } from '../shared/app-error';
import { attempt } from '../shared/remote-error';
import type { CurrentUser } from '../session/current-user';
import { CallRoomPreparation, type Entered } from './call-room-preparation';
import {
  idle,
  type CallEnded,
  type CallEndReason,
  type CallServiceOptions,
  type CallState,
} from './call-state';

/**
 * One-to-one calls as a state machine over custom-message signalling and a media room (spec §4 "Calls").
 * The inviter sends Invite and runs the timeout (30 s default, then Cancel); the receiver answers (Accept
 * and connect at once) or rejects. While it rings, both sides make the room ready
 * ({@link CallRoomPreparation}), and the inviter's devices start for its own preview, with nothing on air
 * before the answer. `state$` is hot and replays; `ended$` is an event.
 */
export class CallService {
  private readonly state = new BehaviorSubject<CallState>(idle);
  private readonly ended = new Subject<CallEnded>();
  private readonly subscriptions = new Subscription();
  private timeout: Subscription | undefined;
  private ticker: Subscription | undefined;
  /** While it says so (a meeting holds the devices) no call is placed or rung: an invite is declined. */
  busyElsewhere: () => boolean = () => false;
  private readonly preparation: CallRoomPreparation;
  readonly state$: Observable<CallState> = this.state.asObservable();
  readonly ended$: Observable<CallEnded> = this.ended.asObservable();

  constructor(
    private readonly signalling: CallSignalling,
    chatApi: ChatApi,
    private readonly room: RtcRoom,
    private readonly currentUser: CurrentUser,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly notifier: Notifier,
    private readonly logger: Logger,
    private options: CallServiceOptions = {},
  ) {
    this.preparation = new CallRoomPreparation(chatApi, room, currentUser, logger);
    this.subscriptions.add(signalling.signals$.subscribe((signal) => void this.onSignal(signal)));
    this.subscriptions.add(
      room.participantLeft$.subscribe((userID) => {
        // Spec §4: if the other party leaves the room, the local side disconnects (also while still
        // going on air: a callee whose Accept could not be sent enters the room and leaves it again).
        const { phase, peerUserID } = this.state.value;
        if ((phase === 'connected' || phase === 'connecting') && userID === peerUserID) {
          void this.finish(CallOutcome.HungUp, true, 'hungUp');
        }
      }),
    );
    this.subscriptions.add(
      room.participantJoined$.subscribe((userID) => {
        // The callee enters the room only once it has answered, and the media server vouches for who it
        // is: the call is answered then, without waiting for the Accept, which travels the longer way.
        if (userID === this.state.value.peerUserID) void this.answered();
      }),
    );
  }

  /** The composition root's configuration (e.g. `config.json` `callTimeoutSeconds`); applies to later calls. */
  configure(options: CallServiceOptions): void {
    this.options = options;
  }

  get snapshot(): CallState {
    return this.state.value;
  }

  private patch(change: Partial<CallState>): void {
    this.state.next({ ...this.state.value, ...change });
  }

  /** Starts a call as the inviter. */
  async invite(peerUserID: string, mediaType: CallMediaType): Promise<Result<CallInvitation, AppError>> {
    if (this.state.value.phase !== 'idle') return err(stateFailure('already in a call'));
    if (this.busyElsewhere()) {
      this.notifier.notify({ level: 'error', key: 'meetingRoom.busyInMeeting' });
      return err(stateFailure('in a meeting'));
    }
    const invitation: CallInvitation = {
      roomID: this.ids.next(),
      inviterUserID: this.currentUser.id(),
      inviteeUserIDList: [peerUserID],
      mediaType,
      timeout: this.options.timeoutSeconds ?? CALL.defaultTimeoutSeconds,
    };
    this.state.next({
      ...idle,
      phase: 'waiting',
      role: CallRole.Inviter,
      invitation,
      peerUserID,
      cameraEnabled: mediaType === 'video',
    });
    // Started with the invite, not after its send: the devices take as long as the send or longer.
    this.preparation.capture(mediaType === 'video');
    const sent = await attempt(() => this.signalling.send(peerUserID, CustomType.CallingInvite, invitation));
    if (!sent.ok) {
      this.notifier.notify({ level: 'error', key: 'toast.inviteUserFailed' });
      this.reset();
      return sent;
    }
    this.preparation.start(invitation.roomID, 'join', peerUserID);
    this.timeout = timer(callTimeoutMs(invitation), this.clock.scheduler).subscribe(() => {
      void this.sendQuietly(CustomType.CallingCancel).then(() =>
        this.finish(CallOutcome.Unanswered, false, 'timeout'),
      );
    });
    return ok(invitation);
  }

  /** The receiver answers: Accept, and the room entered meanwhile with the access asked for while ringing. */
  async accept(): Promise<Result<void, AppError>> {
    const { phase, role, invitation } = this.state.value;
    if (phase !== 'waiting' || role !== CallRole.Receiver || invitation === undefined) {
      return err(stateFailure('no incoming call to answer'));
    }
    this.patch({ phase: 'connecting' });
    // The room is entered while the Accept travels; the inviter, seeing this side enter, need not wait
    // for the Accept.
    const entering = this.preparation.enter(invitation.roomID, this.answerMedia());
    const accepted = await attempt(() => this.send(CustomType.CallingAccept));
    if (!accepted.ok) {
      this.notifier.notify({ level: 'error', key: 'toast.byInviteUserFailed' });
      this.reset();
      // The room entered meanwhile is left again, unless another call has begun since.
      if ((await entering).ok && this.state.value.phase === 'idle')
        await attempt(() => this.room.disconnect());
      return accepted;
    }
    return this.connect(entering);
  }

  /** The receiver declines: Reject, then close. */
  async reject(): Promise<Result<void, AppError>> {
    if (this.state.value.phase !== 'waiting' || this.state.value.role !== CallRole.Receiver) {
      return err(stateFailure('no incoming call to reject'));
    }
    await this.sendQuietly(CustomType.CallingReject);
    await this.finish(CallOutcome.Unanswered, false, 'rejected');
    return ok(undefined);
  }

  /** The inviter gives up before an answer: Cancel, then close. */
  async cancel(): Promise<Result<void, AppError>> {
    if (this.state.value.role !== CallRole.Inviter || this.state.value.phase === 'connected') {
      return err(stateFailure('no outgoing call to cancel'));
    }
    await this.sendQuietly(CustomType.CallingCancel);
    await this.finish(CallOutcome.Unanswered, true, 'cancelled');
    return ok(undefined);
  }

  /** Either side ends a connected call: Hungup, disconnect, close. */
  async hangUp(): Promise<Result<void, AppError>> {
    if (this.state.value.phase !== 'connected' && this.state.value.phase !== 'connecting') {
      return err(stateFailure('not in a call'));
    }
    await this.sendQuietly(CustomType.CallingHungup);
    await this.finish(CallOutcome.HungUp, true, 'hungUp');
    return ok(undefined);
  }

  async toggleMicrophone(): Promise<void> {
    const enabled = !this.state.value.microphoneEnabled;
    this.patch({ microphoneEnabled: enabled });
    // Ringing, the connect after the answer takes the wish from the state (`answerMedia`); a room being
    // entered or on air follows it at once.
    const { phase } = this.state.value;
    if (phase === 'connecting' || phase === 'connected') await this.room.setMicrophoneEnabled(enabled);
  }

  /** Camera toggle: video calls only. */
  async toggleCamera(): Promise<Result<void, AppError>> {
    if (this.state.value.invitation?.mediaType !== 'video') {
      return err(stateFailure('camera is only available in video calls'));
    }
    const enabled = !this.state.value.cameraEnabled;
    this.patch({ cameraEnabled: enabled });
    const { phase, role } = this.state.value;
    if (phase === 'connected') {
      await this.room.setCameraEnabled(enabled);
    } else if (phase === 'waiting' && role === CallRole.Inviter) {
      // The preview of a ringing call: the camera turned off stops (its light goes off), and the answer
      // then goes on air without it.
      this.preparation.capture(enabled);
    }
    return ok(undefined);
  }

  /**
   * What the answer puts on air: the camera in a video call whose camera was not turned off while ringing,
   * the microphone unless it was.
   */
  private answerMedia(): RtcConnectOptions {
    const { invitation, cameraEnabled, microphoneEnabled } = this.state.value;
    return { video: invitation?.mediaType === 'video' && cameraEnabled, microphone: microphoneEnabled };
  }

  private async onSignal(signal: ReceivedCallSignal): Promise<void> {
    const current = this.state.value;
    if (signal.fromOwnDevice === true) {
      await this.onOwnDeviceSignal(signal, current);
      return;
    }
    if (signal.type === CustomType.CallingInvite) {
      if (current.phase === 'idle' && !this.busyElsewhere()) {
        this.state.next({
          ...idle,
          phase: 'waiting',
          role: callRoleOf(this.currentUser.id(), signal.invitation),
          invitation: signal.invitation,
          peerUserID: callPeerOf(this.currentUser.id(), signal.invitation),
          cameraEnabled: signal.invitation.mediaType === 'video',
        });
        this.preparation.start(signal.invitation.roomID, 'prepare');
      } else if (
        current.invitation === undefined ||
        !isSameCall(current.invitation, signal.invitation) ||
        current.invitation.inviterUserID !== signal.invitation.inviterUserID
      ) {
        // Busy in another call: decline, so the other inviter is not left ringing until its timeout.
        const declined = await attempt(() =>
          this.signalling.send(signal.fromUserID, CustomType.CallingReject, signal.invitation),
        );
        if (!declined.ok) this.logger.warn('call signal failed', { type: CustomType.CallingReject });
      }
      return;
    }
    if (current.invitation === undefined || !isSameCall(current.invitation, signal.invitation)) {
      return;
    }
    switch (signal.type) {
      case CustomType.CallingAccept:
        await this.answered();
        return;
      case CustomType.CallingReject:
        if (current.role === CallRole.Inviter) {
          await this.finish(CallOutcome.Unanswered, false, 'rejected');
        }
        return;
      case CustomType.CallingCancel:
        if (current.role === CallRole.Receiver) {
          await this.finish(CallOutcome.Unanswered, false, 'cancelled');
        }
        return;
      case CustomType.CallingHungup:
        await this.finish(CallOutcome.HungUp, true, 'hungUp');
        return;
    }
  }

  /** The inviter's side of an answer: by the callee's Accept or its entering the room, whichever is first. */
  private async answered(): Promise<void> {
    const current = this.state.value;
    if (current.role !== CallRole.Inviter || current.phase !== 'waiting') return;
    this.timeout?.unsubscribe();
    this.patch({ phase: 'connecting' });
    await this.connect();
  }

  /** Spec §4 outcomes: a call answered or rejected on another device of this user stops ringing here. */
  private async onOwnDeviceSignal(signal: ReceivedCallSignal, current: CallState): Promise<void> {
    const answeredThere =
      signal.type === CustomType.CallingAccept || signal.type === CustomType.CallingReject;
    if (
      !answeredThere ||
      current.phase !== 'waiting' ||
      current.role !== CallRole.Receiver ||
      current.invitation === undefined ||
      !isSameCall(current.invitation, signal.invitation)
    ) {
      return;
    }
    this.notifier.notify({ level: 'info', key: 'call.handledElsewhere' });
    await this.finish(CallOutcome.HandledElsewhere, false, 'handledElsewhere');
  }

  private async connect(entering?: Promise<Entered>): Promise<Result<void, AppError>> {
    const { invitation } = this.state.value;
    if (invitation === undefined) {
      return err(stateFailure('no call'));
    }
    const entered = await (entering ?? this.preparation.enter(invitation.roomID, this.answerMedia()));
    if (this.state.value.invitation !== invitation) {
      // The call ended while its room was being entered (the other party left or hung up): leave again.
      if (entered.ok) await attempt(() => this.room.disconnect());
      return err(stateFailure('the call ended while connecting'));
    }
    if (!entered.ok) {
      const noUrl = entered.error === 'noUrl';
      this.notifier.notify({
        level: 'error',
        key: noUrl ? 'error.noLivekitUrl' : 'toast.byInviteUserFailed',
      });
      await this.sendQuietly(CustomType.CallingHungup);
      await this.finish(CallOutcome.HungUp, true, 'failed');
      return entered.error === 'noUrl' ? err(stateFailure('no livekit url provided')) : err(entered.error);
    }
    this.patch({ phase: 'connected', elapsedSeconds: 0, timerText: formatCallTimer(0) });
    this.ticker = interval(1000, this.clock.scheduler).subscribe((tick) => {
      const elapsedSeconds = tick + 1;
      this.patch({ elapsedSeconds, timerText: formatCallTimer(elapsedSeconds) });
    });
    return ok(undefined);
  }

  private async send(type: CallSignalType): Promise<void> {
    const { invitation, peerUserID } = this.state.value;
    if (invitation === undefined || peerUserID === undefined) {
      return;
    }
    await this.signalling.send(peerUserID, type, invitation);
  }

  private async sendQuietly(type: CallSignalType): Promise<void> {
    const result = await attempt(() => this.send(type));
    if (!result.ok) {
      this.logger.warn('call signal failed', { type, code: result.error.code });
    }
  }

  private async finish(outcome: CallOutcome, disconnect: boolean, reason: CallEndReason): Promise<void> {
    const { invitation, role, peerUserID, phase, elapsedSeconds } = this.state.value;
    if (invitation === undefined || role === undefined || peerUserID === undefined) {
      return;
    }
    const roomID = invitation.roomID;
    const durationSeconds = phase === 'connected' ? elapsedSeconds : 0;
    const answered = phase === 'connected';
    // A room prepared or joined while ringing is left too, answered or not.
    const prepared = this.preparation.stop();
    this.reset();
    if (disconnect || prepared) {
      const result = await attempt(() => this.room.disconnect());
      if (!result.ok) {
        this.logger.warn('room disconnect failed', { code: result.error.code });
      }
    }
    this.ended.next({
      roomID,
      outcome,
      reason,
      role,
      peerUserID,
      mediaType: invitation.mediaType,
      answered,
      durationSeconds,
    });
  }

  private reset(): void {
    this.timeout?.unsubscribe();
    this.ticker?.unsubscribe();
    this.timeout = undefined;
    this.ticker = undefined;
    if (this.preparation.stop()) void this.room.disconnect().catch(() => undefined);
    this.state.next(idle);
  }

  dispose(): void {
    this.reset();
    this.subscriptions.unsubscribe();
  }
}
