import { combineLatest, map, of, type Observable } from 'rxjs';
import {
  callCancelLabelKey,
  canAnswerCall,
  CallRole,
  err,
  RoomConnectionState,
  type CallMediaType,
  type I18nKey,
  type Result,
} from '@teamim/domain';
import type { CallService } from '../../calls/call.service';
import type { CallState } from '../../calls/call-state';
import type { CallDevices } from '../../ports/call-devices.port';
import { NO_CALL_MEDIA, type CallMedia, type CallMediaTracks } from '../../ports/call-media.port';
import type { ContactsGateway } from '../../ports/contacts.port';
import type { Notifier } from '../../ports/notifier.port';
import type { RtcRoom } from '../../ports/rtc-room.port';
import { stateFailure, type AppError } from '../../shared/app-error';
import { attempt } from '../../shared/remote-error';
import { StateViewModel } from '../view-model';
import { canCallHere } from './call-buttons.view-model';
import { DeviceMenus, NO_DEVICE_CHOICES, type CallDeviceChoice } from './device-menus';

/** What the overlay shows: ringing out, ringing in, joining the room, in the call, or recovering it. */
export type CallOverlayStatus = 'outgoing' | 'incoming' | 'connecting' | 'connected' | 'reconnecting';

export interface CallPeerView {
  readonly userID: string;
  readonly nickname: string;
  readonly faceURL: string;
}

export interface CallOverlayState {
  /** The overlay is shown only while there is a call. */
  readonly open: boolean;
  readonly status: CallOverlayStatus;
  /** Spec §2: dark background while connected, light while waiting. */
  readonly tone: 'light' | 'dark';
  readonly mediaType: CallMediaType;
  readonly role: CallRole;
  readonly peer: CallPeerView;
  /** mm:ss while connected. */
  readonly timerText: string;
  readonly statusKey: I18nKey;
  readonly microphoneEnabled: boolean;
  readonly cameraEnabled: boolean;
  /** The camera toggle exists in video calls only. */
  readonly canToggleCamera: boolean;
  /** Only the receiver answers, and only while it rings. */
  readonly canAnswer: boolean;
  /** Cancel (inviter, waiting), Reject (receiver, waiting) or Hang up (in the call). */
  readonly closeLabelKey: I18nKey;
  readonly microphones: CallDeviceChoice;
  readonly cameras: CallDeviceChoice;
  /**
   * The other party's video is shown and their audio played: from the answer on, while this side still
   * enters the room or goes on air too, so the first frame that arrives is seen (FaceTime, Meet).
   */
  readonly peerMediaShown: boolean;
  /** The other party muted their microphone or turned off their camera (shown on the overlay). */
  readonly peerMicrophoneMuted: boolean;
  readonly peerCameraOff: boolean;
}

export interface CallOverlayOptions {
  /** Whether this browser can place calls (WebRTC and media devices); checked before a call starts. */
  readonly mediaSupported?: () => boolean;
  /** The call's tracks to show and play; without it the overlay shows avatars only. */
  readonly media?: CallMedia;
}

const closed: CallOverlayState = {
  open: false,
  status: 'outgoing',
  tone: 'light',
  mediaType: 'audio',
  role: CallRole.Inviter,
  peer: { userID: '', nickname: '', faceURL: '' },
  timerText: '00:00',
  statusKey: 'call.waiting',
  microphoneEnabled: true,
  cameraEnabled: false,
  canToggleCamera: false,
  canAnswer: false,
  closeLabelKey: 'call.cancel',
  ...NO_DEVICE_CHOICES,
  peerMediaShown: false,
  peerMicrophoneMuted: false,
  peerCameraOff: false,
};

function statusOf(call: CallState, room: RoomConnectionState): CallOverlayStatus {
  if (call.phase === 'connected') {
    return room === RoomConnectionState.Reconnecting || room === RoomConnectionState.SignalReconnecting
      ? 'reconnecting'
      : 'connected';
  }
  if (call.phase === 'connecting') return 'connecting';
  return call.role === CallRole.Receiver ? 'incoming' : 'outgoing';
}

const STATUS_KEYS: Readonly<Record<CallOverlayStatus, Record<CallMediaType, I18nKey>>> = {
  outgoing: { audio: 'call.waiting', video: 'call.waiting' },
  incoming: { audio: 'call.incomingVoice', video: 'call.incomingVideo' },
  connecting: { audio: 'call.connecting', video: 'call.connecting' },
  connected: { audio: 'call.connected', video: 'call.connected' },
  reconnecting: { audio: 'call.reconnecting', video: 'call.reconnecting' },
};

/**
 * The call overlay and the header's call buttons (spec §2 "Call overlay", §4 "Calls", §6 call roles,
 * §8 call toasts) over {@link CallService}: which status and labels to show, the peer's name and
 * avatar, the device choices, and the actions of its buttons.
 */
export class CallOverlayViewModel extends StateViewModel<CallOverlayState> {
  private readonly peers = new Map<string, CallPeerView>();
  private readonly deviceMenus: DeviceMenus;
  /**
   * The platform tracks to attach while the overlay is open (not part of `state`, which is plain data).
   * Hot, replays.
   */
  readonly media$: Observable<CallMediaTracks>;

  constructor(
    private readonly calls: CallService,
    room: RtcRoom,
    private readonly contacts: ContactsGateway,
    private readonly notifier: Notifier,
    devices: CallDevices,
    private readonly options: CallOverlayOptions = {},
  ) {
    super(closed);
    this.deviceMenus = new DeviceMenus(devices, notifier, {
      get: () => this.state,
      set: (choices) => this.patch(choices),
    });
    const tracks$ = options.media?.tracks$ ?? of(NO_CALL_MEDIA);
    this.media$ = combineLatest([tracks$, this.state$]).pipe(
      map(([tracks, state]) => (state.open ? tracks : NO_CALL_MEDIA)),
    );
    this.own(
      combineLatest([calls.state$, room.state$, tracks$]).subscribe(([call, roomState, tracks]) =>
        this.show(call, roomState, tracks),
      ),
    );
    if (options.media !== undefined) {
      // Spec §8: the media room retried and gave up on a track of the call in progress.
      this.own(
        options.media.subscriptionFailed$.subscribe(() => {
          if (this.state.open) this.notifier.notify({ level: 'error', key: 'toast.trackSubscriptionFailed' });
        }),
      );
    }
  }

  private show(call: CallState, roomState: RoomConnectionState, tracks: CallMediaTracks): void {
    const { invitation, role, peerUserID } = call;
    if (call.phase === 'idle' || invitation === undefined || role === undefined || peerUserID === undefined) {
      this.set({ ...closed, ...this.deviceMenus.current() });
      return;
    }
    const status = statusOf(call, roomState);
    const waiting = call.phase === 'waiting';
    this.patch({
      open: true,
      status,
      tone: waiting ? 'light' : 'dark',
      mediaType: invitation.mediaType,
      role,
      peer: this.peerView(peerUserID),
      timerText: call.timerText,
      statusKey: STATUS_KEYS[status][invitation.mediaType],
      microphoneEnabled: call.microphoneEnabled,
      cameraEnabled: call.cameraEnabled,
      canToggleCamera: invitation.mediaType === 'video',
      canAnswer: canAnswerCall(role, waiting),
      closeLabelKey: waiting ? callCancelLabelKey(role) : 'call.hangUp',
      peerMediaShown: !waiting,
      peerMicrophoneMuted: !waiting && tracks.remoteAudioMuted,
      peerCameraOff: !waiting && invitation.mediaType === 'video' && tracks.remoteVideoMuted,
    });
  }

  /** The peer's name and avatar, looked up once per user; the user id stands in until then. */
  private peerView(userID: string): CallPeerView {
    const known = this.peers.get(userID);
    if (known !== undefined) return known;
    const placeholder = { userID, nickname: userID, faceURL: '' };
    this.peers.set(userID, placeholder);
    void attempt(() => this.contacts.getUsers([userID])).then((found) => {
      const user = found.ok ? found.value.find((u) => u.userID === userID) : undefined;
      if (user === undefined) return;
      const view = { userID, nickname: user.nickname || userID, faceURL: user.faceURL };
      this.peers.set(userID, view);
      if (this.state.open && this.state.peer.userID === userID) this.patch({ peer: view });
    });
    return placeholder;
  }

  private supported(): boolean {
    const { mediaSupported, media } = this.options;
    return canCallHere(this.notifier, mediaSupported?.() ?? media?.supported() ?? true);
  }

  async answer(): Promise<Result<void, AppError>> {
    if (!this.state.canAnswer) return err(stateFailure('nothing to answer'));
    if (!this.supported()) {
      await this.calls.reject();
      return err(stateFailure('calls are not supported by this browser'));
    }
    return this.calls.accept();
  }

  /** The red button: Cancel for the inviter and Reject for the receiver while waiting, else Hang up. */
  async close(): Promise<Result<void, AppError>> {
    const { phase, role } = this.calls.snapshot;
    if (phase === 'waiting') return role === CallRole.Inviter ? this.calls.cancel() : this.calls.reject();
    return this.calls.hangUp();
  }

  toggleMicrophone(): Promise<void> {
    return this.calls.toggleMicrophone();
  }

  toggleCamera(): Promise<Result<void, AppError>> {
    return this.calls.toggleCamera();
  }

  /** Lists microphones and cameras for the device menus (labels need a granted permission). */
  loadDevices(): Promise<Result<void, AppError>> {
    return this.deviceMenus.load();
  }

  selectMicrophone(deviceID: string): Promise<Result<void, AppError>> {
    return this.deviceMenus.select('audioinput', deviceID);
  }

  selectCamera(deviceID: string): Promise<Result<void, AppError>> {
    return this.deviceMenus.select('videoinput', deviceID);
  }
}
