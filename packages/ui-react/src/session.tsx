import type { SessionViewModels, ViewModel } from '@teamim/application';
import { createContext, useContext } from 'react';
import { useOwnedViewModel } from './view-model-lifetime';

/** The view-model factories of the signed-in session, provided by the shell while a session is open. */
export const SessionViewModelsContext = createContext<SessionViewModels | undefined>(undefined);

/** The session's view-model factories, for a view that reads a stream from them rather than owning one. */
export function useSessionViewModels(): SessionViewModels {
  const viewModels = useContext(SessionViewModelsContext);
  if (viewModels === undefined)
    throw new Error('SessionViewModelsContext is provided by the shell once signed in');
  return viewModels;
}

/**
 * Gives a view its own view model from the session's factories, for as long as the view is mounted
 * (`useOwnedViewModel`). `key` recreates it when it changes (for example another conversation id).
 */
export function useViewModel<V extends ViewModel<unknown>>(
  create: (viewModels: SessionViewModels) => V,
  key: string = '',
): V {
  const viewModels = useSessionViewModels();
  return useOwnedViewModel(() => create(viewModels), [viewModels, key]);
}
