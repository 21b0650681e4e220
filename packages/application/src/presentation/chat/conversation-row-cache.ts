import { conversationSortTime, formatRecentTime, type Conversation } from '@teamim/domain';
import { conversationRow, type ConversationRow } from './rows';
import type { ViewContext } from './view-context';

interface Entry {
  readonly open: boolean;
  readonly nowMs: number;
  readonly row: ConversationRow;
}

/**
 * `conversationRow` for every conversation of a list that changes one conversation at a time (a message
 * arrives, a draft is kept, a chat is read), as the conversation list's does. The store keeps unchanged
 * conversations as the same objects, so each of those keeps its row object: an event costs one row, not
 * the whole list (1,000 rows of previews cost tens of milliseconds), and the list's memoized options
 * re-render only for what changed. When only the clock moved, only the time texts are formatted again.
 * Each result equals `conversationRow` of the conversation (without its draft when it is the open one).
 */
export class ConversationRowCache {
  private entries = new WeakMap<Conversation, Entry>();
  private contextKey = '';

  rows(
    conversations: readonly Conversation[],
    context: ViewContext,
    openID: string | undefined,
  ): readonly ConversationRow[] {
    const key = `${context.locale}\n${context.selfUserID}\n${context.utcOffsetMinutes}`;
    if (key !== this.contextKey) {
      this.entries = new WeakMap();
      this.contextKey = key;
    }
    return conversations.map((conversation) => this.row(conversation, context, openID));
  }

  private row(conversation: Conversation, context: ViewContext, openID: string | undefined): ConversationRow {
    // The open conversation's own draft is not previewed: the user is looking at it in the composer.
    const open = conversation.conversationID === openID;
    const known = this.entries.get(conversation);
    if (known !== undefined && known.open === open && known.nowMs === context.nowMs) return known.row;
    const shown = open ? { ...conversation, draftText: '' } : conversation;
    let row: ConversationRow;
    if (known !== undefined && known.open === open) {
      const sortTime = conversationSortTime(shown);
      const time = sortTime > 0 ? formatRecentTime(sortTime, context) : '';
      row = time === known.row.time ? known.row : { ...known.row, time };
    } else {
      row = conversationRow(shown, context);
    }
    this.entries.set(conversation, { open, nowMs: context.nowMs, row });
    return row;
  }
}
