import { useSubscription } from 'observable-hooks';
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { useAppServices } from '../services';
import { unshown, type QueuedToast } from './queue';

// Fluent's toaster (with its motion and portal code, ~11 KB gzip) loads with the first toast, not with
// the sign-in page; toasts raised meanwhile wait in a queue, so none is lost.
const ToastHost = lazy(() => import('./ToastHost').then((m) => ({ default: m.ToastHost })));

/** Shows the Notifier's toasts (the forced-logout message among them); texts are rendered as text. */
export function Toasts() {
  const { toasts$ } = useAppServices();
  const [queue, setQueue] = useState<readonly QueuedToast[]>([]);
  const [needed, setNeeded] = useState(false);
  const lastId = useRef(0);
  useSubscription(toasts$, (toast) => {
    lastId.current += 1;
    const entry = { id: lastId.current, toast };
    setQueue((current) => [...current, entry]);
    setNeeded(true);
  });
  const onShown = useCallback((id: number) => setQueue((current) => unshown(current, id)), []);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastHost queue={queue} onShown={onShown} />
    </Suspense>
  );
}
