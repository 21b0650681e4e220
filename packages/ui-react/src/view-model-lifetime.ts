import type { ViewModel } from '@teamim/application';
import { useEffect, useReducer, useRef } from 'react';

function sameDeps(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((value, i) => Object.is(value, b[i]));
}

/**
 * The one lifetime of a view's own view model: created on first render, disposed on unmount, created
 * anew (the old one disposed) when one of `deps` changes, such as the session or a conversation id.
 * React's strict mode unmounts and mounts again: the second mount finds the first view model disposed
 * and creates a fresh one. `create` may be a new closure on every render; only `deps` count.
 */
export function useOwnedViewModel<V extends ViewModel<unknown>>(
  create: () => V,
  deps: readonly unknown[],
): V {
  const ref = useRef<{ readonly vm: V; readonly deps: readonly unknown[] }>(undefined);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  if (ref.current === undefined || !sameDeps(ref.current.deps, deps)) {
    ref.current?.vm.dispose();
    ref.current = { vm: create(), deps };
  }
  useEffect(() => {
    if (ref.current?.vm.disposed === true) {
      ref.current = { vm: create(), deps };
      rerender();
    }
    const vm = ref.current?.vm;
    return () => vm?.dispose();
    // The effect follows `deps` alone, as the view model does.
  }, deps);
  return ref.current.vm;
}
