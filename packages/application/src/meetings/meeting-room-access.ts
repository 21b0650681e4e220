import { MEETING_ACCESS_REUSE_MS, type CallAccessData, type Result } from '@teamim/domain';
import type { ChatApi } from '../ports/chat-api.port';
import type { Clock } from '../ports/clock.port';
import type { CurrentUser } from '../session/current-user';
import { attempt, type RemoteFailure } from '../shared/remote-error';

type Access = Result<CallAccessData, RemoteFailure>;

interface Ahead {
  readonly roomID: string;
  readonly askedAt: number;
  readonly access: Promise<Access>;
}

/**
 * The own user's access (its token) to a meeting's room. It can be asked for ahead, while a meeting the
 * user may join is on screen, so that a Join connects at once instead of first waiting for the chat API
 * (on a busy machine a few hundred milliseconds of the join). The join takes what was asked for within
 * {@link MEETING_ACCESS_REUSE_MS}; a failed or older request is made again by the join, which reports
 * its own failure. A failure ahead is not retried ahead: nothing asks again until the window has passed.
 */
export class MeetingRoomAccess {
  private ahead: Ahead | undefined;

  constructor(
    private readonly chatApi: ChatApi,
    private readonly currentUser: CurrentUser,
    private readonly clock: Clock,
  ) {}

  /**
   * Asks for the access to `roomID` now, unless it was asked for within the reuse window; says whether it
   * asked (the join is being readied anew).
   */
  askAhead(roomID: string): boolean {
    const now = this.clock.now();
    if (this.ahead?.roomID === roomID && now - this.ahead.askedAt < MEETING_ACCESS_REUSE_MS) return false;
    this.ahead = { roomID, askedAt: now, access: this.request(roomID) };
    return true;
  }

  /** The access for a join of `roomID`: the one asked for ahead when still usable, else a new request. */
  async take(roomID: string): Promise<Access> {
    const ahead = this.ahead;
    this.ahead = undefined;
    if (ahead?.roomID === roomID && this.clock.now() - ahead.askedAt < MEETING_ACCESS_REUSE_MS) {
      const access = await ahead.access;
      if (access.ok) return access;
    }
    return this.request(roomID);
  }

  private request(roomID: string): Promise<Access> {
    return attempt(() => this.chatApi.getRoomAccess(roomID, this.currentUser.id()));
  }
}
