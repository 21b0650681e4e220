import { BehaviorSubject, Subject, type Observable } from 'rxjs';
import { RtcRoom, type RtcConnectOptions } from '../ports/rtc-room.port';
import type { RoomConnectionState } from '@teamim/domain';
import { RemoteError } from '../shared/remote-error';
import type { FakeRtcServer, RoomPeer } from './fake-servers';

export class FakeRtcRoom extends RtcRoom implements RoomPeer {
  private readonly state = new BehaviorSubject<RoomConnectionState>('disconnected');
  private readonly left = new Subject<string>();
  private readonly joined = new Subject<string>();
  readonly state$: Observable<RoomConnectionState> = this.state.asObservable();
  readonly participantLeft$: Observable<string> = this.left.asObservable();
  readonly participantJoined$: Observable<string> = this.joined.asObservable();
  microphone = true;
  camera = false;
  roomID: string | undefined;
  userID: string | undefined;
  /** Every `prepare` and `join` call, in order (the token each used). */
  readonly preparations: {
    readonly kind: 'prepare' | 'join';
    readonly token: string;
    readonly receiveFrom?: string;
  }[] = [];
  /** Microphone or camera published: only once `connect` has run, never while only joined. */
  onAir = false;
  /** The token of a `prepare` not yet followed by `connect` or `disconnect`. */
  prepared: string | undefined;
  /** Devices started by `capture` and not yet published by `connect` nor stopped by `disconnect`. */
  captured: { readonly microphone: boolean; readonly camera: boolean } | undefined;
  /** Whether the last `connect` published the tracks captured before it instead of starting the devices. */
  publishedCaptured = false;
  /** When set, the next `capture` rejects with it (permission denied, no device). */
  failCapture: Error | undefined;
  /** Counts `disconnect`s, so a capture that ends after one stops what it started. */
  private releases = 0;

  constructor(private readonly server: FakeRtcServer) {
    super();
  }

  async connect(serverUrl: string, token: string, options: RtcConnectOptions): Promise<void> {
    await this.enter(serverUrl, token);
    this.camera = options.video;
    this.microphone = options.microphone ?? true;
    this.prepared = undefined;
    // Left while joining: nothing goes on air.
    this.onAir = this.roomID !== undefined;
    this.publishedCaptured = this.onAir && this.captured !== undefined;
    if (this.onAir) this.captured = undefined;
    this.state.next('connected');
  }

  override async prepare(serverUrl: string, token: string): Promise<void> {
    await Promise.resolve();
    this.preparations.push({ kind: 'prepare', token });
    if (serverUrl !== this.server.serverUrl) throw new RemoteError(-2, 'unreachable');
    this.prepared = token;
  }

  /** In the room's participants, with nothing on air, until `connect`. */
  override async join(serverUrl: string, token: string, receiveFrom?: string): Promise<void> {
    this.preparations.push({ kind: 'join', token, ...(receiveFrom === undefined ? {} : { receiveFrom }) });
    await this.enter(serverUrl, token);
  }

  /** Starts the devices and shows them to nobody: `onAir` stays false until `connect`. */
  override async capture(options: { readonly video: boolean }): Promise<void> {
    const releases = this.releases;
    await Promise.resolve();
    const failure = this.failCapture;
    this.failCapture = undefined;
    if (failure !== undefined) throw failure;
    // Stopped while the devices started: they are stopped again.
    if (releases === this.releases) this.captured = { microphone: true, camera: options.video };
  }

  private async enter(serverUrl: string, token: string): Promise<void> {
    await Promise.resolve();
    if (serverUrl === '') {
      throw new RemoteError(-1, 'no livekit url provided');
    }
    const [roomID, userID] = token.split('|');
    if (roomID === undefined || userID === undefined || serverUrl !== this.server.serverUrl) {
      throw new RemoteError(401, 'invalid room token');
    }
    this.state.next('connecting');
    this.roomID = roomID;
    this.userID = userID;
    const peers = this.server.rooms.get(roomID) ?? new Set<RoomPeer>();
    if (!peers.has(this)) for (const peer of peers) peer.peerJoined(userID);
    peers.add(this);
    this.server.rooms.set(roomID, peers);
  }

  /**
   * Called by the media server when another participant leaves. A one-to-one call is over then, so the
   * room disconnects itself, as the LiveKit adapter does (spec §4: the local side disconnects).
   */
  peerLeft(userID: string): void {
    this.left.next(userID);
    const roomID = this.roomID;
    if (roomID !== undefined && (this.server.rooms.get(roomID)?.size ?? 0) <= 1) {
      void this.disconnect();
    }
  }

  /** Called by the media server when another participant enters this room. */
  peerJoined(userID: string): void {
    this.joined.next(userID);
  }

  async disconnect(): Promise<void> {
    this.releases += 1;
    this.captured = undefined;
    await Promise.resolve();
    this.prepared = undefined;
    this.onAir = false;
    const roomID = this.roomID;
    if (roomID === undefined) {
      return;
    }
    const peers = this.server.rooms.get(roomID);
    peers?.delete(this);
    for (const peer of peers ?? []) {
      peer.peerLeft(this.userID ?? '');
    }
    this.roomID = undefined;
    this.state.next('disconnected');
  }

  async setMicrophoneEnabled(enabled: boolean): Promise<void> {
    await Promise.resolve();
    this.microphone = enabled;
  }

  async setCameraEnabled(enabled: boolean): Promise<void> {
    await Promise.resolve();
    this.camera = enabled;
  }
}
