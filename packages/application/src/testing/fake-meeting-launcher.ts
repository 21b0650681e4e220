import { BehaviorSubject, Subject } from 'rxjs';
import { err, ok, type Meeting, type Result } from '@teamim/domain';
import { MeetingLauncher, type MeetingJoinRequest, type MeetingLeft } from '../meetings/meeting-launcher';
import type { AppError } from '../shared/app-error';

/** The meeting room in memory: joins are recorded, and a test says when and how the own user left. */
export class FakeMeetingLauncher extends MeetingLauncher {
  readonly joins: MeetingJoinRequest[] = [];
  /** Set to make the next joins fail as the room would. */
  failure: AppError | undefined;
  private readonly active = new BehaviorSubject<MeetingJoinRequest | undefined>(undefined);
  private readonly left = new Subject<MeetingLeft>();
  readonly active$ = this.active.asObservable();
  readonly left$ = this.left.asObservable();

  join(request: MeetingJoinRequest): Promise<Result<void, AppError>> {
    if (this.failure !== undefined) return Promise.resolve(err(this.failure));
    this.joins.push(request);
    this.active.next(request);
    return Promise.resolve(ok(undefined));
  }

  /** The joins withdrawn, in order. */
  readonly withdrawn: MeetingJoinRequest[] = [];

  withdraw(request: MeetingJoinRequest): void {
    if (this.active.value !== request) return;
    this.withdrawn.push(request);
    this.active.next(undefined);
  }

  /** The meetings a join was prepared for, in order. */
  readonly prepared: Meeting[] = [];

  prepare(meeting: Meeting): void {
    this.prepared.push(meeting);
  }

  /** Each end posted to a meeting's conversations that reached this launcher, in order. */
  readonly endsPosted: { readonly meetingID: string; readonly senderUserID: string }[] = [];

  endPosted(meetingID: string, senderUserID: string): void {
    this.endsPosted.push({ meetingID, senderUserID });
  }

  /** The own user leaves the active meeting; fields not given are a plain leave with others still in. */
  leave(seen: Partial<Omit<MeetingLeft, 'meetingID' | 'conversationID'>> = {}): void {
    const request = this.active.value;
    if (request === undefined) throw new Error('no meeting is active');
    this.active.next(undefined);
    this.left.next({
      meetingID: request.meeting.meetingID,
      conversationID: request.conversationID,
      endedForAll: false,
      lastToLeave: false,
      participantUserIDs: [],
      coLeavers: [],
      joinedAt: 0,
      leftAt: 0,
      ...seen,
    });
  }
}
