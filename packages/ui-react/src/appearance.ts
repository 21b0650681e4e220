import type { AppearanceStore } from '@teamim/application';
import { createContext, useContext } from 'react';

/** The app-level theme choice, provided by App (it outlives sessions: the sign-in page follows it too). */
export const AppearanceContext = createContext<AppearanceStore | undefined>(undefined);

export function useAppearance(): AppearanceStore {
  const appearance = useContext(AppearanceContext);
  if (appearance === undefined) throw new Error('AppearanceContext is provided by App');
  return appearance;
}
