import { err, type CallAccessData, type Result } from '@teamim/domain';
import type { ChatApi } from '../ports/chat-api.port';
import type { Logger } from '../ports/logger.port';
import type { RtcConnectOptions, RtcRoom } from '../ports/rtc-room.port';
import type { CurrentUser } from '../session/current-user';
import { attempt, type RemoteFailure } from '../shared/remote-error';

type Access = Result<CallAccessData, RemoteFailure>;

/** The room entered after the answer, or why not (`noUrl`: the deployment names no media server). */
export type Entered = Result<void, RemoteFailure | 'noUrl'>;

interface Prepared {
  readonly roomID: string;
  readonly access: Promise<Access>;
  /** Settles once the room has been prepared or joined (or has failed to be). */
  readonly ready: Promise<void>;
}

/**
 * Makes a ringing call's media room ready before the answer, so the answer only has to go on air: the
 * room access (its token) is requested once and reused by the connect that follows; the receiver's room
 * loads its client and reaches the server, the inviter's joins with nothing published or received, and
 * the inviter's microphone and camera start (its own preview) without going on air. The receiver starts
 * nothing before it answers. All of it is best effort: what fails here is tried again, and reported, by
 * the connect after the answer.
 */
export class CallRoomPreparation {
  private current: Prepared | undefined;
  /** Devices were started for the call in progress: they are stopped if it ends unanswered. */
  private capturing = false;

  constructor(
    private readonly chatApi: ChatApi,
    private readonly room: RtcRoom,
    private readonly currentUser: CurrentUser,
    private readonly logger: Logger,
  ) {}

  /**
   * Starts on an outgoing (`join`, receiving what the callee `peerUserID` publishes once it answers) or
   * incoming (`prepare` only) call while it rings.
   */
  start(roomID: string, mode: 'join' | 'prepare', peerUserID?: string): void {
    const access = this.request(roomID);
    const entry: Prepared = {
      roomID,
      access,
      ready: access.then((result) => this.ready(entry, result, mode, peerUserID)),
    };
    this.current = entry;
  }

  /**
   * Starts the inviter's microphone, and its camera when `video`, while the call rings: shown to the
   * caller only, and published by the connect after the answer instead of started then.
   */
  capture(video: boolean): void {
    this.capturing = true;
    void attempt(() => this.room.capture({ video })).then((done) => {
      // The connect after the answer starts the devices itself, and reports a failure then.
      if (!done.ok) this.logger.warn('call devices could not start while ringing', { code: done.error.code });
    });
  }

  /**
   * The access to `roomID` for the connect after the answer: the one requested while ringing (once the
   * room's preparation is done, so the connect reuses it), or a new request when there was none or it failed.
   */
  private async access(roomID: string): Promise<Access> {
    const prepared = this.current?.roomID === roomID ? this.current : undefined;
    if (prepared !== undefined) {
      await prepared.ready;
      const result = await prepared.access;
      if (result.ok) return result;
    }
    return this.request(roomID);
  }

  /** Enters the room after the answer, with the access asked for while ringing. */
  async enter(roomID: string, media: RtcConnectOptions): Promise<Entered> {
    const access = await this.access(roomID);
    if (!access.ok) return access;
    const { serverUrl, token } = access.value;
    if (serverUrl === '') return err('noUrl');
    return attempt(() => this.room.connect(serverUrl, token, media));
  }

  /**
   * The call is over (or answered): forgets it, and reports whether a room may have been prepared or
   * joined, or devices started, for it.
   */
  stop(): boolean {
    const had = this.current !== undefined || this.capturing;
    this.current = undefined;
    this.capturing = false;
    return had;
  }

  private request(roomID: string): Promise<Access> {
    return attempt(() => this.chatApi.getRoomAccess(roomID, this.currentUser.id()));
  }

  private async ready(
    entry: Prepared,
    access: Access,
    mode: 'join' | 'prepare',
    peerUserID: string | undefined,
  ): Promise<void> {
    if (!access.ok || access.value.serverUrl === '' || this.current !== entry) return;
    const { serverUrl, token } = access.value;
    const done = await attempt(() =>
      mode === 'join' ? this.room.join(serverUrl, token, peerUserID) : this.room.prepare(serverUrl, token),
    );
    if (!done.ok) this.logger.warn('call room preparation failed', { code: done.error.code });
    // The call ended while the room was being joined: leave what the join left behind.
    if (this.current === undefined) {
      const left = await attempt(() => this.room.disconnect());
      if (!left.ok) this.logger.warn('room disconnect failed', { code: left.error.code });
    }
  }
}
