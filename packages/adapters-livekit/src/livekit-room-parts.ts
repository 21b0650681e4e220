import { RemoteError, type CallDeviceKind } from '@teamim/application';
import { RoomConnectionState } from '@teamim/domain';
import {
  VIDEO_QUALITY,
  type CaptureOptionsLike,
  type LiveKitRoomLike,
  type PublicationLike,
  type RemoteTrackLike,
} from './room-like';

// What a call's room and a meeting's room do alike over livekit-client: one home for the failure codes,
// the connection-state mapping, the join, the event wiring, the own tracks and the chosen devices.

/** The message the spec's client shows when a call has no media server configured. */
export const NO_LIVEKIT_URL_MESSAGE = 'no livekit url provided';

/** Codes of media-room failures that carry no HTTP status of their own. */
export const RtcErrorCode = {
  NoServerUrl: -1,
  ConnectFailed: -2,
  DeviceFailed: -3,
} as const;

/** A failure of livekit-client as the RemoteError the application handles. */
export function toRemoteError(cause: unknown, fallbackCode: number): RemoteError {
  if (cause instanceof RemoteError) return cause;
  // livekit-client's ConnectionError carries the HTTP status of a refused join (401 bad token…).
  const status = (cause as { status?: unknown } | null)?.status;
  const code = typeof status === 'number' && status > 0 ? status : fallbackCode;
  return new RemoteError(code, cause instanceof Error ? cause.message : String(cause));
}

/** Refuses an empty media server address with the spec's message. */
export function requireServerUrl(serverUrl: string): void {
  if (serverUrl.trim() === '') throw new RemoteError(RtcErrorCode.NoServerUrl, NO_LIVEKIT_URL_MESSAGE);
}

/**
 * The state to report for livekit's `connectionStateChanged`, or undefined to keep the current one:
 * a disconnection is reported by `disconnected` (which also cleans up), and `connected` while still
 * connecting waits until the own devices are published.
 */
export function nextRoomState(
  livekitState: string,
  current: RoomConnectionState,
): RoomConnectionState | undefined {
  if (livekitState === 'reconnecting') return RoomConnectionState.Reconnecting;
  if (livekitState === 'signalReconnecting') return RoomConnectionState.SignalReconnecting;
  if (livekitState === 'connected' && current !== RoomConnectionState.Connecting) {
    return RoomConnectionState.Connected;
  }
  return undefined;
}

/** Region lookup and a prefetch of the server before joining; a failure only costs time. */
export async function prefetchRoom(
  room: Pick<LiveKitRoomLike, 'prepareConnection'>,
  serverUrl: string,
  token: string,
): Promise<void> {
  try {
    await room.prepareConnection(serverUrl, token);
  } catch {
    // Only a prefetch: the join says whether the server can be reached.
  }
}

/** Joins `room` (its connect); a refusal rejects as a RemoteError with the server's status. */
export async function joinRoom(
  room: Pick<LiveKitRoomLike, 'connect'>,
  serverUrl: string,
  token: string,
  autoSubscribe: boolean,
): Promise<void> {
  try {
    await room.connect(serverUrl, token, { autoSubscribe });
  } catch (cause: unknown) {
    throw toRemoteError(cause, RtcErrorCode.ConnectFailed);
  }
}

/** A room that takes listeners of the events in `Events` by name, as livekit's Room does. */
interface Listenable<Events> {
  on<E extends keyof Events>(event: E, listener: Events[E]): unknown;
  off<E extends keyof Events>(event: E, listener: Events[E]): unknown;
}

/** Adds each of `handlers` to `room`; the result removes them all again. */
export function listenTo<Events>(
  room: Listenable<Events>,
  handlers: { readonly [E in keyof Events]?: Events[E] },
): () => void {
  const names = Object.keys(handlers) as (keyof Events)[];
  for (const name of names) room.on(name, handlers[name] as Events[typeof name]);
  return () => {
    for (const name of names) room.off(name, handlers[name] as Events[typeof name]);
  };
}

/** `tracks` with the track under `key` replaced by `track`, or without one there when it is undefined. */
export function withTrack<K extends string, T extends Partial<Record<K, unknown>>>(
  tracks: T,
  key: K,
  track: unknown,
): T {
  const { [key]: _gone, ...rest } = tracks;
  return (track === undefined ? rest : { ...rest, [key]: track }) as T;
}

/** Runs a microphone, camera or screen action; its failure is the device's. */
export async function onDevice(action: () => Promise<unknown> | undefined): Promise<void> {
  try {
    await action();
  } catch (cause: unknown) {
    throw toRemoteError(cause, RtcErrorCode.DeviceFailed);
  }
}

/**
 * The microphone and camera chosen in the device menu: a room in progress switches to the device,
 * and later rooms capture from it (absent: the browser's default).
 */
export class ChosenDevices {
  private readonly ids: Partial<Record<CallDeviceKind, string>> = {};

  capture(kind: CallDeviceKind): CaptureOptionsLike | undefined {
    const deviceId = this.ids[kind];
    return deviceId === undefined ? undefined : { deviceId };
  }

  /** Remembers the choice, then moves the room's published track of that kind to the device. */
  async select(
    room: Pick<LiveKitRoomLike, 'switchActiveDevice'> | undefined,
    kind: CallDeviceKind,
    deviceID: string,
  ): Promise<void> {
    this.ids[kind] = deviceID;
    await onDevice(() => room?.switchActiveDevice(kind, deviceID));
  }
}

/**
 * A remote camera starts at its lowest layer, the one the SFU forwards from the subscription on, and
 * adaptive stream picks the layer for the tile once it has read the tile's size. Left alone, livekit
 * asks for the top layer in the moment between the element showing up and its size being read (the size
 * waits for a debounce, 100 ms and more on a busy page): each join had every camera encode a 720p key
 * frame and the joiner decode it, only to switch to the layer that fits moments later.
 */
export function startAtLowestLayer(track: RemoteTrackLike, publication: PublicationLike): void {
  if (publication.setVideoQuality === undefined || track.once === undefined) return;
  publication.setVideoQuality(VIDEO_QUALITY.low);
  // The top layer as the cap from now on: adaptive stream's size of the tile is then what decides.
  track.once('videoDimensionsChanged', () => publication.setVideoQuality?.(VIDEO_QUALITY.high));
}
