import { useEffect } from 'react';

// The app's keyboard chords sit together, so the shell and the conversation list cannot claim the same one.

/** The id of the top bar's search box, the target of Ctrl/Cmd+K. */
export const TOP_SEARCH_ID = 'top-search';

/** Whether a keydown is the platform's "search" chord: Ctrl+K, or Cmd+K on macOS. */
export function isSearchShortcut(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>,
): boolean {
  return event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey;
}

/** Alt+Up / Alt+Down: the direction to move in the conversation list, if this keydown is one. */
export function conversationStep(
  event: Pick<KeyboardEvent, 'key' | 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey'>,
): -1 | 1 | undefined {
  if (!event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return undefined;
  if (event.key === 'ArrowUp') return -1;
  if (event.key === 'ArrowDown') return 1;
  return undefined;
}

/** Shell-wide shortcuts: Ctrl/Cmd+K focuses the top search (Esc is handled by each dialog and drawer). */
export function useShortcuts(): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSearchShortcut(event)) return;
      const search = document.getElementById(TOP_SEARCH_ID);
      if (search === null) return;
      event.preventDefault();
      search.focus();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
