/**
 * Which message row the keyboard moves to in the message log: from the log itself, either arrow
 * goes to the newest message (where reading happens); from a message, to its neighbour;
 * Home and End to the ends. Returns the row index, or undefined when the key is not for the log.
 */
export function rowFocusTarget(
  key: string,
  target: EventTarget,
  log: HTMLElement,
  count: number,
): number | undefined {
  if (count === 0 || !(target instanceof HTMLElement)) return undefined;
  const slot = target.parentElement?.closest<HTMLElement>('[data-index]');
  const current = target === log ? undefined : rowIndexOf(target, slot);
  if (target !== log && current === undefined) return undefined;
  switch (key) {
    case 'ArrowUp':
      return current === undefined ? count - 1 : Math.max(0, current - 1);
    case 'ArrowDown':
      return current === undefined ? count - 1 : Math.min(count - 1, current + 1);
    case 'Home':
      return current === undefined ? undefined : 0;
    case 'End':
      return current === undefined ? undefined : count - 1;
    default:
      return undefined;
  }
}

/** The index of the row whose own element (not a control inside it) has focus. */
function rowIndexOf(target: HTMLElement, slot: HTMLElement | null | undefined): number | undefined {
  if (slot === null || slot === undefined || slot.firstElementChild !== target) return undefined;
  const index = Number(slot.dataset['index']);
  return Number.isInteger(index) ? index : undefined;
}
