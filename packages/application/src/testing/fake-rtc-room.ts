import { BehaviorSubject, Subject, type Observable } from 'rxjs';
import { RtcRoom } from '../ports/rtc-room.port';
import type { RoomConnectionState } from '@teamim/domain';
import { RemoteError } from '../shared/remote-error';
import type { FakeRtcServer, RoomPeer } from './fake-servers';

export class FakeRtcRoom extends RtcRoom implements RoomPeer {
  private readonly state = new BehaviorSubject<RoomConnectionState>('disconnected');
  private readonly left = new Subject<string>();
  readonly state$: Observable<RoomConnectionState> = this.state.asObservable();
  readonly participantLeft$: Observable<string> = this.left.asObservable();
  microphone = true;
  camera = false;
  roomID: string | undefined;
  userID: string | undefined;

  constructor(private readonly server: FakeRtcServer) {
    super();
  }

  async connect(serverUrl: string, token: string, options: { readonly video: boolean }): Promise<void> {
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
    this.camera = options.video;
    const peers = this.server.rooms.get(roomID) ?? new Set<RoomPeer>();
    peers.add(this);
    this.server.rooms.set(roomID, peers);
    this.state.next('connected');
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

  async disconnect(): Promise<void> {
    await Promise.resolve();
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
