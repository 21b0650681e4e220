/** Runs `task` once the browser is idle (at the latest after 5 s); the returned function cancels it. */
export function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback !== 'function') {
    const timer = setTimeout(task, 1_000);
    return () => clearTimeout(timer);
  }
  const handle = requestIdleCallback(task, { timeout: 5_000 });
  return () => cancelIdleCallback(handle);
}
