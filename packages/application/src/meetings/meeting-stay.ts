import type { MeetingStayRecord } from '@teamim/domain';
import type { MeetingParticipantMedia } from '../ports/meeting-room.port';
import type { MeetingJoinRequest } from './meeting-launcher';

/**
 * What one stay in a meeting's room has seen so far, from the join on (while connecting too): who was
 * in, who is in now, and who said they are leaving. A participant that said so counts as gone at once,
 * though the room still lists it until it disconnects.
 */
export class MeetingStay {
  readonly seen: Set<string>;
  /** The others in the room at the last look; undefined until the room has said who is in. */
  private present: readonly string[] | undefined;
  /** The others still listed in the room that said they are leaving. */
  private readonly leaving = new Set<string>();
  /** Once the own user is leaving: the others leaving with it (still in when it went, or saying so since). */
  private departing: Set<string> | undefined;

  constructor(
    readonly request: MeetingJoinRequest,
    readonly joinedAt: number,
    selfUserID: string,
  ) {
    this.seen = new Set([selfUserID]);
  }

  get meetingID(): string {
    return this.request.meeting.meetingID;
  }

  /**
   * The others in the room at the last look, those that said they are leaving not counted (to tell
   * whether the own user was the last to leave); undefined until the room has said who is in.
   */
  get others(): number | undefined {
    return this.present?.filter((userID) => !this.leaving.has(userID)).length;
  }

  /** The others that were leaving together with the own user. */
  get coLeavers(): readonly string[] {
    return [...(this.departing ?? [])];
  }

  /** The room's list of everyone; false when it says nothing new (an empty list: the room is gone). */
  see(everyone: readonly MeetingParticipantMedia[]): boolean {
    if (everyone.length === 0) return false;
    for (const p of everyone) this.seen.add(p.userID);
    const present = everyone.filter((p) => !p.isLocal).map((p) => p.userID);
    this.present = present;
    // Gone from the room: should the same user come back, they count again.
    for (const userID of this.leaving) if (!present.includes(userID)) this.leaving.delete(userID);
    return true;
  }

  /** Another participant said it is leaving. */
  leaves(userID: string): void {
    if (this.present?.includes(userID) !== true) return;
    this.leaving.add(userID);
    this.departing?.add(userID);
  }

  /** The own user is leaving: who is leaving with it is counted from now. */
  depart(): void {
    this.departing = new Set(this.leaving);
  }

  /** The record a device keeps of this stay, once the room has said who is in. */
  record(now: number): MeetingStayRecord | undefined {
    const others = this.others;
    if (others === undefined) return undefined;
    return {
      meetingID: this.meetingID,
      conversationID: this.request.conversationID,
      others,
      seen: [...this.seen],
      joinedAt: this.joinedAt,
      updatedAt: now,
    };
  }
}
