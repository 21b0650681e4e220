import { renderHook } from '@testing-library/react';
import { of } from 'rxjs';
import { StrictMode, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { ViewModel } from '@teamim/application';
import { useOwnedViewModel } from './view-model-lifetime';

class CountedViewModel implements ViewModel<string> {
  readonly state$ = of('state');
  disposed = false;
  constructor(readonly over: string) {}
  dispose(): void {
    this.disposed = true;
  }
}

/** Renders the hook over `over` and keeps every view model it created, in order. */
function renderOwned(over: string, wrapper?: (props: { children: ReactNode }) => ReactNode) {
  const created: CountedViewModel[] = [];
  const create = (value: string) => {
    const vm = new CountedViewModel(value);
    created.push(vm);
    return vm;
  };
  const hook = renderHook(({ value }) => useOwnedViewModel(() => create(value), [value]), {
    initialProps: { value: over },
    ...(wrapper ? { wrapper } : {}),
  });
  return { created, ...hook };
}

describe('useOwnedViewModel', () => {
  it('keeps one view model across renders and disposes it on unmount', () => {
    const { created, result, rerender, unmount } = renderOwned('alice');
    rerender({ value: 'alice' });
    rerender({ value: 'alice' });
    expect(created).toHaveLength(1);
    expect(result.current).toBe(created[0]);
    expect(created[0]?.disposed).toBe(false);
    unmount();
    expect(created[0]?.disposed).toBe(true);
  });

  it('replaces the view model when a dependency changes, disposing the old one', () => {
    const { created, result, rerender, unmount } = renderOwned('alice');
    rerender({ value: 'bob' });
    expect(created.map((vm) => vm.over)).toEqual(['alice', 'bob']);
    expect(created[0]?.disposed).toBe(true);
    expect(result.current).toBe(created[1]);
    expect(result.current.disposed).toBe(false);
    unmount();
    expect(created[1]?.disposed).toBe(true);
  });

  it('gives a live view model after strict mode unmounts and mounts again', () => {
    const { result, unmount } = renderOwned('alice', StrictMode);
    expect(result.current.disposed).toBe(false);
    expect(result.current.over).toBe('alice');
    const current = result.current;
    unmount();
    expect(current.disposed).toBe(true);
  });
});
