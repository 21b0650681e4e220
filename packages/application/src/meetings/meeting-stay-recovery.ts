import { filter, Subscription, take, timer } from 'rxjs';
import {
  isMeetingStayAbandoned,
  LoadState,
  MEETING_STAY_ABANDONED_MS,
  meetingStayStorageKey,
  parseMeetingStay,
} from '@teamim/domain';
import type { Clock } from '../ports/clock.port';
import type { LocalStore } from '../ports/key-value-store.port';
import type { Logger } from '../ports/logger.port';
import type { CurrentUser } from '../session/current-user';
import type { SessionService } from '../session/session.service';
import type { MeetingService } from './meeting.service';

/**
 * Acts on the stay a previous page of the user left in local storage (`MeetingRoomService` writes it
 * while in a meeting's room and removes it on an orderly leave), once the session is connected: a stay
 * left with its user alone in the room gets its end posted, unless the meeting has one by now; any
 * other is dropped. A record still being written (another tab of the user in the meeting) is left to
 * that tab, and looked at again once it would be abandoned. One the end could not be posted for (offline,
 * say) stays for the next session.
 */
export class MeetingStayRecovery {
  private readonly subscriptions = new Subscription();

  constructor(
    private readonly meetings: MeetingService,
    session: SessionService,
    private readonly store: LocalStore,
    private readonly currentUser: CurrentUser,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {
    this.subscriptions.add(
      session.connection$
        .pipe(
          filter((state) => state === LoadState.Success),
          take(1),
        )
        .subscribe(() => void this.look()),
    );
  }

  private async look(): Promise<void> {
    const key = meetingStayStorageKey(this.currentUser.id());
    const stored = this.store.get(key);
    const record = parseMeetingStay(stored);
    if (record === undefined) {
      if (stored !== undefined) this.store.remove(key);
      return;
    }
    const now = this.clock.now();
    if (!isMeetingStayAbandoned(record, now)) {
      const wait = record.updatedAt + MEETING_STAY_ABANDONED_MS - now;
      this.subscriptions.add(timer(wait, this.clock.scheduler).subscribe(() => void this.look()));
      return;
    }
    const recovered = await this.meetings.recover(record);
    if (!recovered.ok) {
      this.logger.warn('meeting end not recovered', { meetingID: record.meetingID });
      return;
    }
    // Only what was acted on: a page of this session may have joined a meeting meanwhile.
    if (this.store.get(key) === stored) this.store.remove(key);
  }

  dispose(): void {
    this.subscriptions.unsubscribe();
  }
}
