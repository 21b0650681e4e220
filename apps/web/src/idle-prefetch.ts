import { combineLatest, filter, take, type Observable, type Subscription } from 'rxjs';
import type { DeploymentFeatures, LoadState } from '@teamim/application';

/** Runs `task` when the browser is idle (right away where there is no requestIdleCallback). */
export type WhenIdle = (task: () => void) => void;

const browserIdle: WhenIdle = (task) => {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: 10_000 });
  else setTimeout(task, 0);
};

/**
 * Fetches the call code ahead of the first call, once it cannot slow the start down: after the SDK's
 * first sync (the list has long been interactive then), while the page is idle, and only where the
 * deployment has calls. A ringing call then finds the media client loaded. Unsubscribe to give up.
 */
export function prefetchCallsWhenSynced(
  sync$: Observable<LoadState>,
  features$: Observable<DeploymentFeatures>,
  prefetch: () => void,
  whenIdle: WhenIdle = browserIdle,
): Subscription {
  return combineLatest([sync$, features$])
    .pipe(
      filter(([sync, features]) => sync === 'success' && features.calls === 'available'),
      take(1),
    )
    .subscribe(() => whenIdle(prefetch));
}
