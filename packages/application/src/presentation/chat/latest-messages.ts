import type { MessageView } from './rows';

/**
 * The "new messages / jump to latest" control of a chat (as in Slack and Element): it shows while the
 * reader is away from the newest message (scrolled up, or after a jump to an older one) and counts
 * the messages from others that came in meanwhile.
 */
export interface LatestMessagesView {
  /** The reader is not at the newest message: the control shows. */
  readonly away: boolean;
  /** Messages from others that arrived since the reader left the newest one. */
  readonly unseen: number;
}

export const atLatest: LatestMessagesView = { away: false, unseen: 0 };

/** Messages from others after `markID` (the newest message when the reader left it). */
export function unseenSince(messages: readonly MessageView[], markID: string | undefined): number {
  if (markID === undefined) return 0;
  const mark = messages.findIndex((m) => m.id === markID);
  // The mark is gone (deleted, revoked, list replaced): nothing is known to be new.
  if (mark < 0) return 0;
  let unseen = 0;
  for (let i = mark + 1; i < messages.length; i += 1) {
    const view = messages[i];
    if (view?.kind === 'bubble' && !view.own) unseen += 1;
  }
  return unseen;
}
