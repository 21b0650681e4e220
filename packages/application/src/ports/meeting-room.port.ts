import type { Observable } from 'rxjs';
import type { RoomConnectionState } from '@teamim/domain';

/**
 * One person in a meeting's media room as the room sees them. Tracks are platform objects the view
 * attaches (a browser's MediaStreamTrack); the application never looks inside them.
 */
export interface MeetingParticipantMedia {
  /** The OpenIM user id (the room identity the token was issued for). */
  readonly userID: string;
  readonly isLocal: boolean;
  /** The camera, while it is on air and not turned off. */
  readonly video?: unknown;
  /** The microphone (remote participants only: the own one is never played back). */
  readonly audio?: unknown;
  /** A shared screen, while one is shared. */
  readonly screen?: unknown;
  /** No microphone on air, or muted. */
  readonly microphoneMuted: boolean;
  /** No camera on air, or turned off. */
  readonly cameraOff: boolean;
  /** Among the room's active speakers now. */
  readonly speaking: boolean;
}

export interface MeetingRoomJoinOptions {
  readonly microphone: boolean;
  readonly camera: boolean;
}

/** A participant asked to end a meeting for everyone; the sender identity is the SFU's, not the message's. */
export interface MeetingEndRequest {
  readonly meetingID: string;
  readonly fromUserID: string;
}

/** A participant said it is leaving (before it disconnects); the sender identity is the SFU's. */
export interface MeetingLeaveNotice {
  readonly meetingID: string;
  readonly fromUserID: string;
}

/**
 * The media room of a group meeting: many participants, each with a camera, microphone and maybe a
 * shared screen. Methods reject with RemoteError (no server url, refused token, a device failed). A
 * microphone or camera that fails to start on `connect` stays off and `connect` rejects with that
 * failure, but the room stays joined (`state$` connected): the others can still be seen and heard.
 */
export abstract class MeetingRoom {
  /**
   * A join is likely soon (a meeting the user may join is on screen): what the room can ready without
   * joining (its code, the browser's audio output) is readied now. Best effort, reports nothing.
   */
  abstract prepare(): void;
  /** Joins; a `disconnect` before it settles cancels it: it rejects, and the room is never joined. */
  abstract connect(serverUrl: string, token: string, options: MeetingRoomJoinOptions): Promise<void>;
  abstract disconnect(): Promise<void>;
  abstract setMicrophoneEnabled(enabled: boolean): Promise<void>;
  abstract setCameraEnabled(enabled: boolean): Promise<void>;
  /** Shares a screen (the browser asks which) or stops sharing; rejects when the user declines. */
  abstract setScreenShareEnabled(enabled: boolean): Promise<void>;
  /**
   * Plays a camera or screen of `participants$` (its `video` or `screen`) in a host element of the view
   * until the returned detach: the room puts its own video element there, which for another participant's
   * video has played since it came, so the view shows its latest frame at once. The room sees the
   * element's size and whether it is on screen, and receives the layer that fits (none while hidden).
   */
  abstract attachVideo(track: unknown, host: unknown): () => void;
  /** Tells everyone in the room the meeting is over; each honours it only from the meeting's host. */
  abstract sendEndForAll(meetingID: string): Promise<void>;
  /** Tells everyone in the room the own user is leaving it (sent before the disconnect). */
  abstract sendLeaving(meetingID: string): Promise<void>;
  /** Current connection state. Hot, replays the current value. */
  abstract readonly state$: Observable<RoomConnectionState>;
  /** Everyone in the room, the own user first, the others in the order they came. Hot, replays; empty outside. */
  abstract readonly participants$: Observable<readonly MeetingParticipantMedia[]>;
  /** End-for-everyone messages received. Hot, no replay. */
  abstract readonly endRequests$: Observable<MeetingEndRequest>;
  /** Leaving messages received from the others. Hot, no replay. */
  abstract readonly leaveNotices$: Observable<MeetingLeaveNotice>;
  /**
   * The page is going away while in the room (the browser's pagehide: a closed tab, a reload): a last,
   * best-effort moment to say so before the room is dropped. Hot, no replay.
   */
  abstract readonly pageLeaving$: Observable<void>;
}
