import type { SessionViewModels, ViewModel } from '@teamim/application';
import { createContext, useContext, useEffect, useReducer, useRef } from 'react';

/** The view-model factories of the signed-in session, provided by the shell while a session is open. */
export const SessionViewModelsContext = createContext<SessionViewModels | undefined>(undefined);

export function useSessionViewModels(): SessionViewModels {
  const viewModels = useContext(SessionViewModelsContext);
  if (viewModels === undefined)
    throw new Error('SessionViewModelsContext is provided by the shell once signed in');
  return viewModels;
}

/**
 * Gives a view its own view model: created on first render, disposed on unmount. A remount (React's
 * strict mode mounts twice) finds the first one disposed and creates a fresh one. `key` recreates it
 * when it changes (for example another conversation id).
 */
export function useViewModel<V extends ViewModel<unknown>>(
  create: (viewModels: SessionViewModels) => V,
  key: string = '',
): V {
  const viewModels = useSessionViewModels();
  const ref = useRef<{ readonly vm: V; readonly key: string; readonly owner: SessionViewModels }>(undefined);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  if (ref.current === undefined || ref.current.key !== key || ref.current.owner !== viewModels) {
    ref.current?.vm.dispose();
    ref.current = { vm: create(viewModels), key, owner: viewModels };
  }
  useEffect(() => {
    if (ref.current?.vm.disposed === true) {
      ref.current = { vm: create(viewModels), key, owner: viewModels };
      rerender();
    }
    const vm = ref.current?.vm;
    return () => vm?.dispose();
    // `create` is a new closure on every render; the view model depends only on the session and key.
  }, [viewModels, key]);
  return ref.current.vm;
}
