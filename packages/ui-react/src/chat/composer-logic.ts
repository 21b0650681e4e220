import { COMPOSER_HEIGHT, PANEL_RESIZE_KEYBOARD_STEP_PERCENT } from '../layout';

/** The keys of a keydown that matter to the composer (a subset of React's and the DOM's KeyboardEvent). */
export interface ComposerKey {
  readonly key: string;
  readonly shiftKey: boolean;
  /** True while an input method editor is composing: Enter then confirms the candidate, it does not send. */
  readonly isComposing: boolean;
}

/** Spec §2: Enter sends, Shift+Enter inserts a newline (left to the textarea). */
export function composerKeyAction(event: ComposerKey): 'send' | 'default' {
  if (event.key !== 'Enter' || event.isComposing) return 'default';
  return event.shiftKey ? 'default' : 'send';
}

/** The composer's height limits in pixels for a chat column of `containerPx` (spec §9: min 200 px, max 60%). */
export function composerBounds(containerPx: number): { readonly min: number; readonly max: number } {
  const min = COMPOSER_HEIGHT.minPx;
  // On a very short window 60% is below the floor; the floor wins so the box stays usable.
  const max = Math.max(min, Math.floor((containerPx * COMPOSER_HEIGHT.maxPercent) / 100));
  return { min, max };
}

export function clampComposerHeight(heightPx: number, containerPx: number): number {
  const { min, max } = composerBounds(containerPx);
  return Math.min(max, Math.max(min, Math.round(heightPx)));
}

/** Spec §9: the composer starts at 25% of the chat column, within its limits. */
export function defaultComposerHeight(containerPx: number): number {
  return clampComposerHeight((containerPx * COMPOSER_HEIGHT.defaultPercent) / 100, containerPx);
}

/**
 * Keyboard resizing on the separator above the composer (spec §9: steps of 10%, 100% with Shift).
 * Up grows the composer (the separator moves up), Down shrinks it; Home and End jump to the limits.
 * Returns undefined for keys the separator does not handle.
 */
export function resizeByKey(
  heightPx: number,
  containerPx: number,
  key: string,
  shiftKey: boolean,
): number | undefined {
  const percent = shiftKey
    ? PANEL_RESIZE_KEYBOARD_STEP_PERCENT.withShift
    : PANEL_RESIZE_KEYBOARD_STEP_PERCENT.normal;
  const step = (containerPx * percent) / 100;
  const { min, max } = composerBounds(containerPx);
  switch (key) {
    case 'ArrowUp':
      return clampComposerHeight(heightPx + step, containerPx);
    case 'ArrowDown':
      return clampComposerHeight(heightPx - step, containerPx);
    case 'Home':
      return min;
    case 'End':
      return max;
    default:
      return undefined;
  }
}

/** The composer's height as a percentage of the column, for the separator's aria-valuenow. */
export function heightPercent(heightPx: number, containerPx: number): number {
  return containerPx <= 0 ? 0 : Math.round((heightPx / containerPx) * 100);
}
