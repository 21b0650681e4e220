import { useSubscription } from 'observable-hooks';
import { Component, lazy, Suspense, useCallback, useRef, useState, type ReactNode } from 'react';
import { retryingImport } from '../retrying-import';
import { useAppServices } from '../services';
import { unshown, type QueuedToast } from './queue';

// Fluent's toaster (with its motion and portal code, ~11 KB gzip) is not part of the sign-in page: the
// shell preloads it once signed in, while the network is known to work, so an error toast raised later
// (a send that failed while offline) never depends on a chunk that cannot load then. Toasts raised
// before it has loaded wait in a queue, so none is lost.
const loadToastHost = retryingImport(() => import('./ToastHost'));

/** Loads the toast host ahead of its first toast (the shell calls it); a failure is retried later. */
export function preloadToastHost(): void {
  loadToastHost().catch(() => undefined);
}

// A new lazy component for each try: React rethrows the failure a lazy component once met.
const newHost = () => lazy(() => loadToastHost().then((m) => ({ default: m.ToastHost })));

/** Shows the Notifier's toasts (the forced-logout message among them); texts are rendered as text. */
export function Toasts() {
  const { toasts$ } = useAppServices();
  const [queue, setQueue] = useState<readonly QueuedToast[]>([]);
  const [needed, setNeeded] = useState(false);
  // A host that could not load is tried again with the next toast (React keeps a failed lazy's error).
  const [generation, setGeneration] = useState(0);
  const [Host, setHost] = useState(newHost);
  const failed = useRef(false);
  const lastId = useRef(0);
  useSubscription(toasts$, (toast) => {
    lastId.current += 1;
    const entry = { id: lastId.current, toast };
    setQueue((current) => [...current, entry]);
    setNeeded(true);
    if (failed.current) {
      failed.current = false;
      setGeneration((current) => current + 1);
      setHost(newHost);
    }
  });
  const onShown = useCallback((id: number) => setQueue((current) => unshown(current, id)), []);
  const onFailed = useCallback(() => {
    failed.current = true;
  }, []);
  if (!needed) return null;
  return (
    <QuietBoundary key={generation} onFailed={onFailed}>
      <Suspense fallback={null}>
        <Host queue={queue} onShown={onShown} />
      </Suspense>
    </QuietBoundary>
  );
}

/**
 * Renders nothing in place of toasts that could not render (their code did not load): the page around
 * them stays, and the error is logged as a warning, not left to blank the whole app.
 */
class QuietBoundary extends Component<
  { readonly onFailed: () => void; readonly children: ReactNode },
  { readonly failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.warn('toasts could not be shown', error);
    this.props.onFailed();
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}
