import { BehaviorSubject } from 'rxjs';
import type { DeploymentFeatures, LoadState } from '@teamim/application';
import { describe, expect, it } from 'vitest';
import { prefetchCallsWhenSynced } from './idle-prefetch';

function setup() {
  const sync = new BehaviorSubject<LoadState>('loading');
  const features = new BehaviorSubject<DeploymentFeatures>({ wallet: 'unknown', calls: 'unknown' });
  const idle: (() => void)[] = [];
  let prefetches = 0;
  const sub = prefetchCallsWhenSynced(
    sync,
    features,
    () => (prefetches += 1),
    (task) => idle.push(task),
  );
  const runIdle = () => idle.splice(0).forEach((task) => task());
  return { sync, features, sub, runIdle, prefetches: () => prefetches };
}

describe('prefetchCallsWhenSynced', () => {
  it('prefetches once, when idle after the first sync, where the deployment has calls', () => {
    const t = setup();
    t.features.next({ wallet: 'available', calls: 'available' });
    t.runIdle();
    expect(t.prefetches()).toBe(0);
    t.sync.next('success');
    expect(t.prefetches()).toBe(0);
    t.runIdle();
    expect(t.prefetches()).toBe(1);
    t.sync.next('loading');
    t.sync.next('success');
    t.runIdle();
    expect(t.prefetches()).toBe(1);
  });

  it('never prefetches where there are no calls, or once the session is gone', () => {
    const t = setup();
    t.features.next({ wallet: 'available', calls: 'absent' });
    t.sync.next('success');
    t.runIdle();
    expect(t.prefetches()).toBe(0);
    t.sub.unsubscribe();
    t.features.next({ wallet: 'available', calls: 'available' });
    t.runIdle();
    expect(t.prefetches()).toBe(0);
  });
});
