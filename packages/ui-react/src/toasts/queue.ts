import type { Toast } from '@teamim/application';

/** A toast waiting to be shown, numbered in arrival order. */
export interface QueuedToast {
  readonly id: number;
  readonly toast: Toast;
}

/** The toasts of `queue` not shown yet, given the id of the last one shown (0: none). */
export function unshown(queue: readonly QueuedToast[], lastShownId: number): readonly QueuedToast[] {
  return queue.filter((entry) => entry.id > lastShownId);
}
