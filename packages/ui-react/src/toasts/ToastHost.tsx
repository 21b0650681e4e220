import { Toast, Toaster, ToastTitle, useId, useToastController } from '@fluentui/react-components';
import { useEffect, useRef } from 'react';
import { useText } from '../text';
import { unshown, type QueuedToast } from './queue';

export interface ToastHostProps {
  readonly queue: readonly QueuedToast[];
  /** Called with the id of the newest toast dispatched, so the queue can drop it and older ones. */
  readonly onShown: (id: number) => void;
}

/** Fluent's toaster; dispatches each queued toast once (loaded lazily by {@link Toasts}). */
export function ToastHost({ queue, onShown }: ToastHostProps) {
  const { t } = useText();
  const toasterId = useId('toaster');
  const { dispatchToast } = useToastController(toasterId);
  // Effects may run twice for the same queue (StrictMode); the last dispatched id keeps it to once.
  const lastShown = useRef(0);
  useEffect(() => {
    const fresh = unshown(queue, lastShown.current);
    const newest = fresh.at(-1);
    if (newest === undefined) return;
    for (const { toast } of fresh) {
      const text =
        toast.message !== undefined && toast.message !== '' ? toast.message : t(toast.key, toast.params);
      dispatchToast(
        <Toast>
          <ToastTitle>{text}</ToastTitle>
        </Toast>,
        { intent: toast.level, timeout: 4000 },
      );
    }
    lastShown.current = newest.id;
    onShown(newest.id);
  }, [queue, t, dispatchToast, onShown]);
  return <Toaster toasterId={toasterId} position="top" />;
}
