import { draftMirrorKey } from '@teamim/domain';
import type { SessionStore } from '../ports/key-value-store.port';

/**
 * The composer's text as typed, kept in the tab's session storage on every change. Drafts are stored
 * with the conversation through the SDK after a pause in typing, but a page that loads again before
 * that (the restart after a failed start, the user's own reload), an SDK that refuses the write (not
 * started yet), or one whose database had not reached the disk when the page went (a draft the SDK
 * accepted just before a reload comes back empty) would lose what was typed. So the copy stays until the
 * box is empty again (a send, or the user's own clearing), and goes with the session storage at sign-out.
 */
export class DraftMirror {
  constructor(private readonly store: SessionStore) {}

  /** What was last typed in the conversation in this tab, if anything. */
  read(conversationID: string): string | undefined {
    return this.store.get(draftMirrorKey(conversationID));
  }

  keep(conversationID: string, text: string): void {
    try {
      if (text === '') this.store.remove(draftMirrorKey(conversationID));
      else this.store.set(draftMirrorKey(conversationID), text);
    } catch {
      // A full or disabled storage: the SDK's draft is then the only copy, as before; typing goes on.
    }
  }

  /** It holds nothing of its own beyond the session's ports, so there is nothing to end. */
  dispose(): void {
    // Stateless: the scope calls it like every other session service's.
  }
}
