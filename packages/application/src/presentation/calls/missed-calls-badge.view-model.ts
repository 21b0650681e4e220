import { combineLatest, map, type Observable } from 'rxjs';
import { missedCallCount } from '@teamim/domain';
import type { CallHistoryStore } from '../../calls/call-history.store';
import type { CapabilityState } from '../../session/deployment-capabilities';
import { StateViewModel } from '../view-model';

export interface MissedCallsBadgeState {
  /** The navigation offers the call history: the deployment has calls. */
  readonly available: boolean;
  /** Missed calls and meetings since the user last looked at the history. */
  readonly count: number;
}

/** The navigation's Calls item and its missed-call badge. */
export class MissedCallsBadgeViewModel extends StateViewModel<MissedCallsBadgeState> {
  constructor(history: CallHistoryStore, calls$: Observable<CapabilityState>) {
    super({ available: false, count: 0 });
    this.own(
      combineLatest([history.state$, calls$])
        .pipe(
          map(([state, calls]) => ({
            available: calls === 'available',
            count: missedCallCount(state.entries, state.seenAt),
          })),
        )
        .subscribe((state) => this.set(state)),
    );
  }
}
