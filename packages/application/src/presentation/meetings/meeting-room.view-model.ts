import { BehaviorSubject, combineLatest, type Observable } from 'rxjs';
import { err, meetingPage, meetingPageCount, ok, RoomConnectionState, type Result } from '@teamim/domain';
import type { MeetingProfile, MeetingProfiles } from '../../meetings/meeting-profiles';
import type { MeetingRoomService, MeetingRoomStatus } from '../../meetings/meeting-room.service';
import type { CallDevices } from '../../ports/call-devices.port';
import type { MeetingParticipantMedia, MeetingRoom } from '../../ports/meeting-room.port';
import type { Notifier } from '../../ports/notifier.port';
import { stateFailure, type AppError } from '../../shared/app-error';
import { StateViewModel } from '../view-model';
import { DeviceMenus, NO_DEVICE_CHOICES, type CallDeviceChoice } from '../calls/device-menus';

/** One tile of the grid: a participant's camera (or avatar and name), or a screen someone shares. */
export interface MeetingTileView {
  /** The participant's user id, or `<userID>:screen` for a shared screen. */
  readonly key: string;
  readonly userID: string;
  readonly name: string;
  readonly faceURL: string;
  readonly isSelf: boolean;
  readonly isScreen: boolean;
  /** Video to show; else the avatar and the name. */
  readonly hasVideo: boolean;
  readonly microphoneMuted: boolean;
  /** The active speaker's camera tile. */
  readonly activeSpeaker: boolean;
}

/** One line of the participant list. */
export interface MeetingPersonView {
  readonly userID: string;
  readonly name: string;
  readonly faceURL: string;
  readonly isSelf: boolean;
  readonly isHost: boolean;
  readonly microphoneMuted: boolean;
  readonly cameraOff: boolean;
}

export type MeetingRoomViewStatus = 'connecting' | 'connected' | 'reconnecting';

export interface MeetingRoomViewState {
  /** Shown only while the own user is in (or joining) a meeting. */
  readonly open: boolean;
  readonly status: MeetingRoomViewStatus;
  /** As a call's overlay: light while joining, dark once in. */
  readonly tone: 'light' | 'dark';
  readonly title: string;
  readonly isHost: boolean;
  /** The host is asked whether to end the meeting for everyone (only the host, only while open). */
  readonly confirmingEnd: boolean;
  /** The tiles of the page shown (at most nine). */
  readonly tiles: readonly MeetingTileView[];
  readonly page: number;
  readonly pageCount: number;
  readonly activeSpeakerID: string | undefined;
  readonly people: readonly MeetingPersonView[];
  readonly peopleOpen: boolean;
  readonly microphoneEnabled: boolean;
  readonly cameraEnabled: boolean;
  readonly screenSharing: boolean;
  readonly microphones: CallDeviceChoice;
  readonly cameras: CallDeviceChoice;
}

/** The platform tracks to attach: videos by tile key, and every remote microphone (heard on any page). */
export interface MeetingRoomMedia {
  readonly videos: ReadonlyMap<string, unknown>;
  readonly audios: readonly { readonly userID: string; readonly track: unknown }[];
}

export interface MeetingRoomViewModelDeps {
  readonly meetings: MeetingRoomService;
  readonly room: MeetingRoom;
  /** Who is who, shared with the join's preparation (which looks the meeting's people up ahead). */
  readonly profiles: MeetingProfiles;
  readonly devices: CallDevices;
  readonly notifier: Notifier;
}

const closed: MeetingRoomViewState = {
  open: false,
  status: 'connecting',
  tone: 'light',
  title: '',
  isHost: false,
  confirmingEnd: false,
  tiles: [],
  page: 0,
  pageCount: 1,
  activeSpeakerID: undefined,
  people: [],
  peopleOpen: false,
  microphoneEnabled: true,
  cameraEnabled: true,
  screenSharing: false,
  ...NO_DEVICE_CHOICES,
};

const NO_MEDIA: MeetingRoomMedia = { videos: new Map(), audios: [] };

/** Who the grid marks as speaking: the loudest other participant, else the own user. */
function activeSpeakerOf(everyone: readonly MeetingParticipantMedia[]): string | undefined {
  return (everyone.find((p) => p.speaking && !p.isLocal) ?? everyone.find((p) => p.speaking))?.userID;
}

/**
 * The meeting view over {@link MeetingRoomService} and the meeting's media room: the grid's tiles page by
 * page (shared screens first, then the own tile, then the others as they came), the active speaker, the
 * participant list with names from the contact lookups, the own toggles and devices, leave, and
 * the host's end for everyone, asked first.
 */
export class MeetingRoomViewModel extends StateViewModel<MeetingRoomViewState> {
  private readonly media = new BehaviorSubject<MeetingRoomMedia>(NO_MEDIA);
  private everyone: readonly MeetingParticipantMedia[] = [];
  private status: MeetingRoomStatus | undefined;
  private roomState: RoomConnectionState = RoomConnectionState.Disconnected;
  private page = 0;
  private readonly deviceMenus: DeviceMenus;
  /** The tracks to attach while the view is open. Hot, replays. */
  readonly media$: Observable<MeetingRoomMedia> = this.media.asObservable();

  constructor(private readonly deps: MeetingRoomViewModelDeps) {
    super(closed);
    this.deviceMenus = new DeviceMenus(deps.devices, deps.notifier, {
      get: () => this.state,
      set: (choices) => this.patch(choices),
    });
    this.own(
      combineLatest([deps.meetings.status$, deps.room.state$, deps.room.participants$]).subscribe(
        ([status, roomState, everyone]) => {
          this.status = status;
          this.roomState = roomState;
          this.everyone = status.phase === 'idle' ? [] : everyone;
          this.show();
        },
      ),
    );
    this.own(() => this.media.complete());
  }

  private show(): void {
    const status = this.status;
    const request = status?.request;
    if (status === undefined || status.phase === 'idle' || request === undefined) {
      this.page = 0;
      this.set({ ...closed, ...this.deviceMenus.current() });
      this.media.next(NO_MEDIA);
      return;
    }
    const { meeting } = request;
    const everyone = this.everyone;
    this.lookUp(everyone.map((p) => p.userID));
    const activeSpeakerID = activeSpeakerOf(everyone);
    const tiles = this.tilesOf(everyone, activeSpeakerID);
    const shown = meetingPage(tiles, this.page);
    this.page = shown.page;
    const self = everyone.find((p) => p.isLocal);
    const reconnecting =
      this.roomState === RoomConnectionState.Reconnecting ||
      this.roomState === RoomConnectionState.SignalReconnecting;
    const connected = status.phase === 'connected';
    const isHost = this.deps.meetings.hosting();
    this.patch({
      open: true,
      status: connected ? (reconnecting ? 'reconnecting' : 'connected') : 'connecting',
      tone: connected ? 'dark' : 'light',
      title: meeting.title,
      isHost,
      confirmingEnd: this.state.confirmingEnd && isHost,
      tiles: shown.tiles,
      page: shown.page,
      pageCount: meetingPageCount(tiles.length),
      activeSpeakerID,
      people: everyone.map((p) => ({
        userID: p.userID,
        ...this.profile(p.userID),
        isSelf: p.isLocal,
        isHost: p.userID === meeting.hostUserID,
        microphoneMuted: p.microphoneMuted,
        cameraOff: p.cameraOff,
      })),
      microphoneEnabled: status.microphoneEnabled,
      cameraEnabled: status.cameraEnabled,
      screenSharing: self?.screen !== undefined,
    });
    const videos = new Map<string, unknown>();
    for (const p of everyone) {
      if (p.video !== undefined) videos.set(p.userID, p.video);
      if (p.screen !== undefined) videos.set(`${p.userID}:screen`, p.screen);
    }
    const audios = everyone.flatMap((p) =>
      p.audio !== undefined && !p.isLocal ? [{ userID: p.userID, track: p.audio }] : [],
    );
    this.media.next({ videos, audios });
  }

  private tilesOf(
    everyone: readonly MeetingParticipantMedia[],
    activeSpeakerID: string | undefined,
  ): MeetingTileView[] {
    const screens = everyone.flatMap((p): MeetingTileView[] =>
      p.screen === undefined
        ? []
        : [
            {
              key: `${p.userID}:screen`,
              userID: p.userID,
              ...this.profile(p.userID),
              isSelf: p.isLocal,
              isScreen: true,
              hasVideo: true,
              microphoneMuted: p.microphoneMuted,
              activeSpeaker: false,
            },
          ],
    );
    const cameras = everyone.map((p): MeetingTileView => ({
      key: p.userID,
      userID: p.userID,
      ...this.profile(p.userID),
      isSelf: p.isLocal,
      isScreen: false,
      hasVideo: p.video !== undefined,
      microphoneMuted: p.microphoneMuted,
      activeSpeaker: p.userID === activeSpeakerID,
    }));
    return [...screens, ...cameras];
  }

  private profile(userID: string): MeetingProfile {
    return this.deps.profiles.get(userID) ?? { name: userID, faceURL: '' };
  }

  /**
   * Looks up the names and avatars of people not known yet; the user id stands in meanwhile. A failed
   * lookup is asked again at the room's next change: a name must not stay an id for the whole meeting.
   */
  private lookUp(userIDs: readonly string[]): void {
    void this.deps.profiles.lookUp(userIDs)?.then((learned) => {
      if (learned && !this.disposed) this.show();
    });
  }

  nextPage(): Result<void, AppError> {
    return this.goTo(this.state.page + 1);
  }

  previousPage(): Result<void, AppError> {
    return this.goTo(this.state.page - 1);
  }

  private goTo(page: number): Result<void, AppError> {
    if (page < 0 || page >= this.state.pageCount) return err(stateFailure('no such page'));
    this.page = page;
    this.show();
    return ok(undefined);
  }

  togglePeople(): Result<void, AppError> {
    if (!this.state.open) return err(stateFailure('not in a meeting'));
    this.patch({ peopleOpen: !this.state.peopleOpen });
    return ok(undefined);
  }

  /**
   * Plays a video of `media$` in a host element of the view until the returned detach, through the room,
   * which puts its video element there and receives the layer that fits it (nothing while it is hidden).
   */
  readonly attachVideo = (track: unknown, host: unknown): (() => void) =>
    this.deps.room.attachVideo(track, host);

  leave(): Promise<Result<void, AppError>> {
    return this.deps.meetings.leave();
  }

  /** Asks the host to confirm the end for everyone: one click must not end the meeting for all. */
  askToEndForAll(): Result<void, AppError> {
    if (!this.state.open) return err(stateFailure('not in a meeting'));
    if (!this.state.isHost) return err(stateFailure('only the host ends a meeting'));
    this.patch({ confirmingEnd: true });
    return ok(undefined);
  }

  /** The host changed their mind: the meeting goes on. */
  cancelEndForAll(): Result<void, AppError> {
    if (!this.state.confirmingEnd) return err(stateFailure('not asked to end the meeting'));
    this.patch({ confirmingEnd: false });
    return ok(undefined);
  }

  /** Ends the meeting for everyone, once the host confirmed it ({@link askToEndForAll}). */
  endForAll(): Promise<Result<void, AppError>> {
    if (!this.state.isHost) return Promise.resolve(err(stateFailure('only the host ends a meeting')));
    if (!this.state.confirmingEnd)
      return Promise.resolve(err(stateFailure('end for everyone not confirmed')));
    // The question is answered: if the end fails (a toast says so), the host stays in, with no dialog.
    this.patch({ confirmingEnd: false });
    return this.deps.meetings.endForAll();
  }

  toggleMicrophone(): Promise<Result<void, AppError>> {
    return this.deps.meetings.toggleMicrophone();
  }

  toggleCamera(): Promise<Result<void, AppError>> {
    return this.deps.meetings.toggleCamera();
  }

  toggleScreenShare(): Promise<Result<void, AppError>> {
    return this.deps.meetings.setScreenShare(!this.state.screenSharing);
  }

  /** Lists microphones and cameras for the device menu (labels need a granted permission). */
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
