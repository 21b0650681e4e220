/**
 * Scroll maths of the message list. Older pages are prepended above what the user is reading, so the
 * list remembers which message was at the top of the viewport (and how far into it the viewport
 * started) and, once the page is in, scrolls so that this message is exactly where it was.
 */

/** Row keys as the virtualizer gives them. */
type RowKey = string | number | bigint;

export interface ScrollAnchor {
  readonly key: RowKey;
  /** Pixels between the anchor item's top and the viewport's top (>= 0 while the item is visible). */
  readonly offset: number;
}

export interface PlacedItem {
  readonly key: RowKey;
  readonly start: number;
  readonly end: number;
}

/** The first item still visible at `scrollTop`, with the viewport's offset into it. */
export function captureAnchor(items: readonly PlacedItem[], scrollTop: number): ScrollAnchor | undefined {
  const first = items.find((item) => item.end > scrollTop);
  return first === undefined ? undefined : { key: first.key, offset: scrollTop - first.start };
}

/** The scroll position that puts the anchor back where it was after items were added above it. */
export function restoreAnchor(
  anchor: ScrollAnchor,
  items: readonly Pick<PlacedItem, 'key' | 'start'>[],
): number | undefined {
  const item = items.find((candidate) => candidate.key === anchor.key);
  return item === undefined ? undefined : Math.max(0, item.start + anchor.offset);
}

/** Whether the viewport is at (or within `slackPx` of) the bottom, so new messages should keep it there. */
export function isNearBottom(
  scrollTop: number,
  clientHeight: number,
  scrollHeight: number,
  slackPx = 48,
): boolean {
  return scrollHeight - (scrollTop + clientHeight) <= slackPx;
}

/** Older history is requested when the viewport reaches the top area and there is more to load. */
export function shouldLoadOlder(state: {
  readonly scrollTop: number;
  readonly hasMore: boolean;
  readonly loading: boolean;
  readonly thresholdPx?: number;
}): boolean {
  return state.hasMore && !state.loading && state.scrollTop <= (state.thresholdPx ?? 80);
}

/** What changed between two renders of the list: older messages came in above, newer ones below, or neither. */
export function listChange(
  before: {
    readonly firstKey: string | undefined;
    readonly lastKey: string | undefined;
    readonly count: number;
  },
  after: {
    readonly firstKey: string | undefined;
    readonly lastKey: string | undefined;
    readonly count: number;
  },
): 'prepended' | 'appended' | 'other' {
  if (
    after.count > before.count &&
    before.firstKey !== undefined &&
    after.firstKey !== before.firstKey &&
    after.lastKey === before.lastKey
  ) {
    return 'prepended';
  }
  if (after.lastKey !== undefined && after.lastKey !== before.lastKey) return 'appended';
  return 'other';
}
