import { BehaviorSubject, NEVER } from 'rxjs';
import { MeetingLauncher, stateFailure, type MeetingJoinRequest } from '@teamim/application';
import { err } from '@teamim/domain';

/**
 * The meeting launcher until the page has a meeting room: joining says it cannot, and nobody ever
 * leaves. The cards, their states and the schedule work without it.
 */
export class MeetingRoomPending extends MeetingLauncher {
  readonly active$ = new BehaviorSubject<MeetingJoinRequest | undefined>(undefined).asObservable();
  readonly left$ = NEVER;

  join() {
    return Promise.resolve(err(stateFailure('the meeting room is not available')));
  }
}
