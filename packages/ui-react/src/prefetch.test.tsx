import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PREFETCH_FALLBACK_MS, PrefetchProvider, usePageShown, usePrefetch } from './prefetch';

function Page({ shown, task }: { readonly shown: boolean; readonly task: () => void }) {
  usePageShown(shown);
  usePrefetch(task);
  return null;
}

// jsdom has no requestIdleCallback: "idle" is a timer of a second there.
const IDLE_MS = 1_000;

describe('prefetch', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits for the page to show its content, then runs once while idle', async () => {
    const task = vi.fn();
    const view = render(
      <PrefetchProvider>
        <Page shown={false} task={task} />
      </PrefetchProvider>,
    );
    await act(() => vi.advanceTimersByTimeAsync(IDLE_MS * 3));
    expect(task).not.toHaveBeenCalled();
    view.rerender(
      <PrefetchProvider>
        <Page shown task={task} />
      </PrefetchProvider>,
    );
    expect(task).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(IDLE_MS));
    expect(task).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(PREFETCH_FALLBACK_MS));
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs after the fallback delay on a page that never reports content', async () => {
    const task = vi.fn();
    render(
      <PrefetchProvider>
        <Page shown={false} task={task} />
      </PrefetchProvider>,
    );
    await act(() => vi.advanceTimersByTimeAsync(PREFETCH_FALLBACK_MS - 1));
    expect(task).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(task).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(IDLE_MS));
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('outside a shell, runs while idle without waiting', async () => {
    const task = vi.fn();
    render(<Page shown={false} task={task} />);
    await act(() => vi.advanceTimersByTimeAsync(IDLE_MS));
    expect(task).toHaveBeenCalledTimes(1);
  });
});
