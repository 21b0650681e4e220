import type {
  LiveKitRoomLike,
  MeetingRoomLike,
  MeetingRoomLikeEvents,
  RemoteParticipantLike,
  RemotePublicationLike,
  RemoteTrackLike,
} from '../room-like';
import { FakeLocalParticipant } from './fake-local-participant';

/** Mirrors livekit-client's ConnectionError: a refused join carries its HTTP status. */
export class FakeConnectionError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ConnectionError';
  }
}

/**
 * A stand-in for a LiveKit server: rooms by name, joined with tokens `room|identity` minted by
 * {@link FakeLiveKitServer.token}. Participants of one room see each other join, leave and publish.
 */
export class FakeLiveKitServer {
  readonly rooms = new Map<string, Set<FakeLiveKitRoom>>();
  /** Every room object handed out, in creation order. */
  readonly created: FakeLiveKitRoom[] = [];

  constructor(readonly url = 'wss://livekit.fake') {}

  token(room: string, identity: string): string {
    return `${room}|${identity}`;
  }

  /** A factory for LiveKitRtcRoom: a new room object per connect. */
  readonly createRoom = (): FakeLiveKitRoom => {
    const room = new FakeLiveKitRoom(this);
    this.created.push(room);
    return room;
  };

  /** The room object most recently created. */
  latest(): FakeLiveKitRoom {
    const room = this.created.at(-1);
    if (room === undefined) throw new Error('no room was created');
    return room;
  }
}

/** A remote track as a room sees it: delivered (`trackSubscribed`) once subscribed to. */
export class FakeRemotePublication implements RemotePublicationLike {
  subscribed = false;

  constructor(private readonly deliver: () => void) {}

  setSubscribed(subscribed: boolean): void {
    if (subscribed && !this.subscribed) this.deliver();
    this.subscribed = subscribed;
  }
}

interface FakeRemoteParticipant extends RemoteParticipantLike {
  readonly trackPublications: Map<string, FakeRemotePublication>;
}

const participant = (identity: string): FakeRemoteParticipant => ({
  identity,
  trackPublications: new Map(),
});

interface OnAir {
  readonly kind: 'audio' | 'video';
  readonly mediaStreamTrack: unknown;
  readonly muted: boolean;
  readonly source?: string;
}

type Listeners = { [E in keyof MeetingRoomLikeEvents]: Set<MeetingRoomLikeEvents[E]> };

/** A fake livekit-client Room connected to a {@link FakeLiveKitServer}. */
export class FakeLiveKitRoom implements LiveKitRoomLike, MeetingRoomLike {
  readonly localParticipant: FakeLocalParticipant = new FakeLocalParticipant(this);
  readonly remoteParticipants = new Map<string, FakeRemoteParticipant>();
  /** What this participant has published, for those who join later. */
  private readonly onAir = new Map<string, OnAir>();
  identity: string | undefined;
  /** As joined: false receives remote tracks only once subscribed to by hand. */
  autoSubscribe = true;
  roomName: string | undefined;
  private readonly listeners: Listeners = {
    connectionStateChanged: new Set(),
    participantConnected: new Set(),
    participantDisconnected: new Set(),
    trackSubscribed: new Set(),
    trackUnsubscribed: new Set(),
    localTrackPublished: new Set(),
    localTrackUnpublished: new Set(),
    trackMuted: new Set(),
    trackUnmuted: new Set(),
    disconnected: new Set(),
    trackSubscriptionFailed: new Set(),
    trackPublished: new Set(),
    activeSpeakersChanged: new Set(),
    dataReceived: new Set(),
  };

  constructor(private readonly server: FakeLiveKitServer) {}

  on<E extends keyof MeetingRoomLikeEvents>(event: E, listener: MeetingRoomLikeEvents[E]): this {
    this.listeners[event].add(listener);
    return this;
  }

  off<E extends keyof MeetingRoomLikeEvents>(event: E, listener: MeetingRoomLikeEvents[E]): this {
    this.listeners[event].delete(listener);
    return this;
  }

  listenerCount(): number {
    return Object.values(this.listeners).reduce((n, set) => n + set.size, 0);
  }

  /** The video each element plays now, as livekit's `attach` left it (element to platform track). */
  readonly attachedVideo = new Map<unknown, unknown>();
  /** The best layers asked of each remote video (`setVideoQuality`), by platform track, in order. */
  readonly layersAsked = new Map<unknown, number[]>();
  /** By platform track: says adaptive stream has read the size of the element the video plays in. */
  readonly sized = new Map<unknown, () => void>();

  /** A track as livekit hands it out: it plays itself in an element, recorded in `attachedVideo`. */
  private playable(kind: string, mediaStreamTrack: unknown) {
    return {
      kind,
      mediaStreamTrack,
      attach: (element: unknown) => this.attachedVideo.set(element, mediaStreamTrack),
      detach: (element: unknown) => this.attachedVideo.delete(element),
    };
  }

  /** Urls prefetched before connecting, in order. */
  readonly prepared: string[] = [];
  /** When set, the prefetch fails with it (e.g. the HEAD request is blocked). */
  failPrepare: Error | undefined;

  async prepareConnection(url: string, _token: string): Promise<void> {
    await Promise.resolve();
    this.prepared.push(url);
    if (this.failPrepare !== undefined) throw this.failPrepare;
  }

  async connect(url: string, token: string, options: { readonly autoSubscribe: boolean }): Promise<void> {
    this.emit('connectionStateChanged', 'connecting');
    await Promise.resolve();
    const [roomName, identity] = token.split('|');
    if (url !== this.server.url || roomName === undefined || identity === undefined || identity === '') {
      this.emit('connectionStateChanged', 'disconnected');
      throw new FakeConnectionError('could not establish signal connection: invalid token', 401);
    }
    this.roomName = roomName;
    this.identity = identity;
    this.autoSubscribe = options.autoSubscribe;
    const peers = this.server.rooms.get(roomName) ?? new Set<FakeLiveKitRoom>();
    for (const peer of peers) {
      if (peer.identity === undefined) continue;
      this.remoteParticipants.set(peer.identity, participant(peer.identity));
      peer.remoteJoined(identity);
    }
    // As the join's answer does: the others' tracks come with them, announced by no event.
    for (const peer of peers) {
      for (const track of peer.onAir.values()) this.remotePublished(peer.identity ?? '', track, false);
    }
    peers.add(this);
    this.server.rooms.set(roomName, peers);
    this.emit('connectionStateChanged', 'connected');
  }

  async disconnect(): Promise<void> {
    await Promise.resolve();
    this.leave();
  }

  /** Devices the published tracks were moved to, in order. */
  readonly switchedDevices: { kind: string; deviceId: string }[] = [];

  async switchActiveDevice(kind: 'audioinput' | 'videoinput', deviceId: string): Promise<unknown> {
    await Promise.resolve();
    this.switchedDevices.push({ kind, deviceId });
    return true;
  }

  /** The server drops this participant (e.g. the room was closed). */
  serverDisconnect(): void {
    this.leave();
  }

  /** The signal connection is lost and being re-established. */
  simulateReconnecting(signalOnly: boolean): void {
    this.emit('connectionStateChanged', signalOnly ? 'signalReconnecting' : 'reconnecting');
  }

  simulateReconnected(): void {
    this.emit('connectionStateChanged', 'connected');
  }

  /** Publishes a track to everyone else in the room. */
  publish(kind: 'audio' | 'video', mediaStreamTrack: unknown, muted = false, source?: string): void {
    const track: OnAir = { kind, mediaStreamTrack, muted, ...(source === undefined ? {} : { source }) };
    this.onAir.set(source ?? kind, track);
    for (const peer of this.peers()) peer.remotePublished(this.identity ?? '', track, true);
  }

  /** Every peer fails to subscribe to one of this participant's tracks (after livekit's retries). */
  failSubscriptions(): void {
    for (const peer of this.peers())
      peer.emit('trackSubscriptionFailed', 'TR_x', { identity: this.identity ?? '' });
  }

  unpublish(kind: 'audio' | 'video', source?: string): void {
    this.onAir.delete(source ?? kind);
    for (const peer of this.peers()) {
      peer.emit(
        'trackUnsubscribed',
        { kind } satisfies RemoteTrackLike,
        { kind, ...(source === undefined ? {} : { source }) },
        { identity: this.identity ?? '' },
      );
    }
  }

  /** This participant's own track went on air (as livekit reports after enabling a device) or off it. */
  publishLocal(kind: 'audio' | 'video', mediaStreamTrack: unknown): void {
    this.emit(
      'localTrackPublished',
      { kind, track: this.playable(kind, mediaStreamTrack) },
      { identity: this.identity ?? '' },
    );
  }

  unpublishLocal(kind: 'audio' | 'video'): void {
    this.emit('localTrackUnpublished', { kind }, { identity: this.identity ?? '' });
  }

  /** Mutes or unmutes this participant's track: the room sees it locally, every peer remotely. */
  setTrackMuted(kind: 'audio' | 'video', muted: boolean): void {
    const self = { identity: this.identity ?? '' };
    for (const room of [this, ...this.peers()])
      room.emit(muted ? 'trackMuted' : 'trackUnmuted', { kind }, self);
  }

  /** A data message from this participant reaches every peer, stamped with this identity. */
  sendData(data: Uint8Array, topic: string, as: string | undefined = this.identity): void {
    for (const peer of this.peers())
      peer.emit('dataReceived', data, as === undefined ? undefined : { identity: as }, 0, topic);
  }

  /** The SFU reports who speaks now, in every room of the meeting (this one included). */
  speakers(identities: readonly string[]): void {
    for (const room of [this, ...this.peers()])
      room.emit(
        'activeSpeakersChanged',
        identities.map((identity) => ({ identity })),
      );
  }

  private leave(): void {
    const roomName = this.roomName;
    if (roomName === undefined) return;
    this.onAir.clear();
    const peers = this.server.rooms.get(roomName);
    peers?.delete(this);
    for (const peer of peers ?? []) peer.remoteLeft(this.identity ?? '');
    this.roomName = undefined;
    this.remoteParticipants.clear();
    this.emit('connectionStateChanged', 'disconnected');
    this.emit('disconnected');
  }

  private peers(): FakeLiveKitRoom[] {
    return [...(this.server.rooms.get(this.roomName ?? '') ?? [])].filter((p) => p !== this);
  }

  private remoteJoined(identity: string): void {
    const joined = participant(identity);
    this.remoteParticipants.set(identity, joined);
    this.emit('participantConnected', joined);
  }

  private remotePublished(identity: string, track: OnAir, announced: boolean): void {
    const { kind, mediaStreamTrack, muted, source } = track;
    const publisher = this.remoteParticipants.get(identity) ?? participant(identity);
    const asked = this.layersAsked;
    const setVideoQuality = (q: number) =>
      asked.set(mediaStreamTrack, [...(asked.get(mediaStreamTrack) ?? []), q]);
    const seen = { kind, isMuted: muted, ...(source === undefined ? {} : { source }), setVideoQuality };
    const once = (_: 'videoDimensionsChanged', sized: () => void) => this.sized.set(mediaStreamTrack, sized);
    const subscribed = { ...this.playable(kind, mediaStreamTrack), once };
    const publication = new FakeRemotePublication(() =>
      this.emit('trackSubscribed', subscribed, seen, publisher),
    );
    publisher.trackPublications.set(source ?? kind, publication);
    if (announced) this.emit('trackPublished', publication, publisher);
    if (this.autoSubscribe) publication.setSubscribed(true);
  }

  private remoteLeft(identity: string): void {
    const gone = this.remoteParticipants.get(identity) ?? participant(identity);
    this.remoteParticipants.delete(identity);
    this.emit('participantDisconnected', gone);
  }

  private emit<E extends keyof MeetingRoomLikeEvents>(
    event: E,
    ...args: Parameters<MeetingRoomLikeEvents[E]>
  ): void {
    for (const listener of [...this.listeners[event]]) {
      (listener as (...a: Parameters<MeetingRoomLikeEvents[E]>) => void)(...args);
    }
  }
}
