import { describe, expect, it } from 'vitest';
import { unshown, type QueuedToast } from './queue';

const entry = (id: number): QueuedToast => ({ id, toast: { level: 'info', key: 'toast.accessFailed' } });

describe('toast queue', () => {
  it('keeps only the toasts after the last one shown, in arrival order', () => {
    const queue = [entry(1), entry(2), entry(3)];
    expect(unshown(queue, 0).map((e) => e.id)).toEqual([1, 2, 3]);
    expect(unshown(queue, 2).map((e) => e.id)).toEqual([3]);
    expect(unshown(queue, 3)).toEqual([]);
  });
});
