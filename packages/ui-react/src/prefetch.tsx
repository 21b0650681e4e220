import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { whenIdle } from './idle';

// What the user may open next (the chat view, menus, dialogs, the call overlay) is fetched while the page
// is idle, but only once the first page shows its content: fetched earlier it would compete with what
// that page needs, and count as code the page waited for.
interface PrefetchSignal {
  readonly ready: boolean;
  readonly pageShown: () => void;
}

// Outside a shell (a view on its own) there is nothing to wait for.
const PrefetchContext = createContext<PrefetchSignal>({ ready: true, pageShown: () => undefined });

/** A page with no content to report (an empty account, another page) still prefetches after this. */
export const PREFETCH_FALLBACK_MS = 10_000;

/** Holds the prefetches of the signed-in pages until one of them has shown its content. */
export function PrefetchProvider({ children }: { readonly children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), PREFETCH_FALLBACK_MS);
    return () => clearTimeout(timer);
  }, []);
  const pageShown = useCallback(() => setReady(true), []);
  const value = useMemo(() => ({ ready, pageShown }), [ready, pageShown]);
  return <PrefetchContext.Provider value={value}>{children}</PrefetchContext.Provider>;
}

/** Tells the shell that the page shows its content (when `shown` first becomes true). */
export function usePageShown(shown: boolean): void {
  const { pageShown } = useContext(PrefetchContext);
  useEffect(() => {
    if (shown) pageShown();
  }, [shown, pageShown]);
}

/** Runs `task` (a function that stays the same, as a module's) while idle once the content has shown. */
export function usePrefetch(task: () => void): void {
  const { ready } = useContext(PrefetchContext);
  useEffect(() => (ready ? whenIdle(task) : undefined), [ready, task]);
}
