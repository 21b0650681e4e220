import type { ViewModel } from '@teamim/application';
import { useEffect, useReducer, useRef } from 'react';

/**
 * A view model that belongs to one view and lives outside any session (the desktop shell's title bar
 * exists before sign-in): created on first render, disposed on unmount, recreated after a strict-mode
 * remount found it disposed. `owner` recreates it when the object it is built over changes.
 */
export function useOwnedViewModel<V extends ViewModel<unknown>>(create: () => V, owner: object): V {
  const ref = useRef<{ readonly vm: V; readonly owner: object }>(undefined);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  if (ref.current === undefined || ref.current.owner !== owner) {
    ref.current?.vm.dispose();
    ref.current = { vm: create(), owner };
  }
  useEffect(() => {
    if (ref.current?.vm.disposed === true) {
      ref.current = { vm: create(), owner };
      rerender();
    }
    const vm = ref.current?.vm;
    return () => vm?.dispose();
    // `create` is a new closure on every render; the view model depends only on its owner.
  }, [owner]);
  return ref.current.vm;
}
