/**
 * Keyboard navigation of a (virtualized) list box: the active index after a key, or undefined when the
 * key is not a navigation key. An empty list has no active index (-1).
 */
export function nextActiveIndex(
  key: string,
  current: number,
  count: number,
  pageSize: number,
): number | undefined {
  if (count <= 0)
    return key === 'ArrowDown' || key === 'ArrowUp' || key === 'Home' || key === 'End' ? -1 : undefined;
  const last = count - 1;
  const from = current < 0 ? -1 : Math.min(current, last);
  switch (key) {
    case 'ArrowDown':
      return Math.min(last, from + 1);
    case 'ArrowUp':
      return from < 0 ? 0 : Math.max(0, from - 1);
    case 'Home':
      return 0;
    case 'End':
      return last;
    case 'PageDown':
      return Math.min(last, Math.max(0, from) + Math.max(1, pageSize));
    case 'PageUp':
      return Math.max(0, Math.max(0, from) - Math.max(1, pageSize));
    default:
      return undefined;
  }
}
