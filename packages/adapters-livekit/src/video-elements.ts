import type { AttachableTrackLike } from './room-like';

/** A video element as the meeting room handles it: made, given a view's host, taken away. */
export interface VideoElementLike {
  srcObject: unknown;
  readonly parentElement: unknown;
  play(): Promise<void>;
  remove(): void;
}

/** Where a view shows a video: the room puts its element there, as the host's only child. */
export interface VideoHostLike {
  replaceChildren(element: never): void;
}

/** Makes a muted video element that plays `track` from now on, or nothing where there is no page. */
export type PlayingVideo = (track: unknown) => VideoElementLike | undefined;

/**
 * A muted video element playing `track` already, outside the page until a view shows it. The frames then
 * reach it from the moment the track is there, and the view shows the latest at once, where an element
 * the view made itself would start loading only once the view had rendered it.
 */
export const playingVideo: PlayingVideo = (track) => {
  if (typeof document === 'undefined' || typeof MediaStream === 'undefined') return undefined;
  const element = document.createElement('video');
  element.muted = true;
  element.autoplay = true;
  element.playsInline = true;
  element.srcObject = new MediaStream([track as MediaStreamTrack]);
  void element.play().catch(() => undefined);
  return element;
};

const isVideoHost = (host: unknown): host is VideoHostLike =>
  typeof (host as Partial<VideoHostLike> | null)?.replaceChildren === 'function';

/**
 * The videos a meeting room plays: livekit's track behind each platform track handed to the view, and
 * the element it plays in.
 */
export class RoomVideos {
  private readonly players = new Map<unknown, AttachableTrackLike>();
  private readonly elements = new Map<unknown, VideoElementLike>();

  constructor(private readonly playing: PlayingVideo = playingVideo) {}

  /** A video the view may show; a remote one (`early`) starts playing in its element now. */
  add(track: unknown, player: AttachableTrackLike, early: boolean): void {
    this.players.set(track, player);
    if (early) this.elementOf(track);
  }

  forget(track: unknown): void {
    this.players.delete(track);
    const element = this.elements.get(track);
    this.elements.delete(track);
    if (element === undefined) return;
    element.srcObject = null;
    element.remove();
  }

  clear(): void {
    for (const track of [...this.players.keys()]) this.forget(track);
  }

  /**
   * Puts the track's element in the view's host, through livekit's own attach: adaptive stream then
   * receives the layer that fits the element.
   */
  attach(track: unknown, host: unknown): () => void {
    const player = this.players.get(track);
    if (player?.attach === undefined || !isVideoHost(host)) return () => undefined;
    const element = this.elementOf(track);
    if (element === undefined) return () => undefined;
    host.replaceChildren(element as never);
    const media = element as unknown as HTMLMediaElement;
    player.attach(media);
    // Taking an element out of the page pauses it: one shown again plays again.
    void element.play().catch(() => undefined);
    return () => {
      player.detach?.(media);
      if (element.parentElement === host) element.remove();
    };
  }

  private elementOf(track: unknown): VideoElementLike | undefined {
    const element = this.elements.get(track) ?? this.playing(track);
    if (element !== undefined) this.elements.set(track, element);
    return element;
  }
}
