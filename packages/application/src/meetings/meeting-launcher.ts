import type { Observable } from 'rxjs';
import type { Meeting, Result } from '@teamim/domain';
import type { AppError } from '../shared/app-error';

/** A request to open the meeting view and join a meeting's room. */
export interface MeetingJoinRequest {
  readonly meeting: Meeting;
  /** The conversation the card was opened from: where its updates are posted. */
  readonly conversationID: string;
}

/** What the room saw when the own user left it. */
export interface MeetingLeft {
  readonly meetingID: string;
  readonly conversationID: string;
  /** The host ended the meeting for everyone (here, or on another participant's page). */
  readonly endedForAll: boolean;
  /** Nobody else was in the room when the own user left. */
  readonly lastToLeave: boolean;
  /** Everyone seen in the room while the own user was in it, the own user included. */
  readonly participantUserIDs: readonly string[];
  /**
   * The others that said they were leaving as the own user left (each of whom may also have found
   * nobody staying, and so post the end too).
   */
  readonly coLeavers: readonly string[];
  readonly joinedAt: number;
  readonly leftAt: number;
}

/**
 * The seam between meetings as chat cards (what was posted, what state it is in) and the meeting's
 * media room (tiles, devices, leaving). The card side asks to join; the room side reports the leave,
 * from which the card side posts the meeting's end.
 */
export abstract class MeetingLauncher {
  /** Opens the meeting view and connects. Fails with the room's error; only one meeting at a time. */
  abstract join(request: MeetingJoinRequest): Promise<Result<void, AppError>>;
  /**
   * A join started before its meeting was announced (a quick meeting's card still on its way) whose card
   * could not be posted: the room is left, and nothing is reported of it (no leave, so no end is posted).
   * A request no longer joining or in the room is ignored.
   */
  abstract withdraw(request: MeetingJoinRequest): void;
  /**
   * A meeting the own user may join is on screen: what its join needs from the network first (the
   * room's token) is asked for now, so a Join goes straight to the room. Best effort, reports nothing.
   */
  abstract prepare(meeting: Meeting): void;
  /** The meeting the own user is in or joining. Hot, replays the current value. */
  abstract readonly active$: Observable<MeetingJoinRequest | undefined>;
  /** Each leave of a joined room. Hot, no replay. */
  abstract readonly left$: Observable<MeetingLeft>;
  /**
   * A meeting's end arrived as its card's update, posted by `senderUserID`: if that is the meeting's host
   * and the own user is still in its room (the room's own end signal lost, or not there yet), the room is
   * left as ended for everyone.
   */
  abstract endPosted(meetingID: string, senderUserID: string): void;
}
