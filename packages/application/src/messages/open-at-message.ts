import { filter, firstValueFrom } from 'rxjs';
import { err, ok, type Result } from '@teamim/domain';
import { stateFailure, type AppError } from '../shared/app-error';
import type { ChatStore } from './chat.store';

/** How many older messages a jump shows above its target, when the history has them. */
export const JUMP_CONTEXT = 10;
/** The most messages one jump reads: the local search scans no further back either. */
export const JUMP_MAX_MESSAGES = 2000;
/** The page size when the distance to the target is unknown (no seq). */
const JUMP_PAGE = 100;

/** The message a jump goes to: a quote's original, a pinned message, a search hit. */
export interface JumpTarget {
  readonly clientMsgID: string;
  /** Its seq in the conversation when known: one history read then spans the distance. */
  readonly seq?: number;
}

/**
 * Loads the open conversation's history back to a message and a few before it, so that it can be
 * shown in place with what surrounds it. The list stays one run up to the newest message (new messages
 * and sends need no gap handling): with the target's seq known, one read of the SDK's history
 * (getAdvancedHistoryMessageList from the oldest loaded message) covers the distance; without, pages
 * of 100, at most {@link JUMP_MAX_MESSAGES} messages in all. A message no longer in the history
 * (deleted, beyond the limit) is an error.
 */
export async function loadThrough(
  chat: ChatStore,
  conversationID: string,
  target: JumpTarget,
): Promise<Result<void, AppError>> {
  let read = 0;
  for (;;) {
    // The conversation's first page may still be coming (a jump asked for as it opens starts in the
    // same turn as its first read): what the history holds is known after that page. A list that is
    // still the server's copy (opened during the SDK's first sync) knows nothing of older messages:
    // the jump waits for the SDK's history to replace it.
    await Promise.resolve();
    const state = await firstValueFrom(
      chat.state$.pipe(filter((s) => (!s.loading && !s.serverCopy) || s.conversationID !== conversationID)),
    );
    if (state.conversationID !== conversationID) return err(stateFailure('conversation closed'));
    const { messages, hasMore } = state;
    const index = messages.findIndex((m) => m.clientMsgID === target.clientMsgID);
    if (index >= JUMP_CONTEXT || (index >= 0 && !hasMore)) return ok(undefined);
    const oldestSeq = messages.find((m) => (m.seq ?? 0) > 0)?.seq ?? 0;
    const targetSeq = target.seq ?? 0;
    const wanted =
      index >= 0
        ? JUMP_CONTEXT - index
        : targetSeq > 0 && oldestSeq > targetSeq
          ? oldestSeq - targetSeq + JUMP_CONTEXT
          : JUMP_PAGE;
    const count = Math.min(wanted, JUMP_MAX_MESSAGES - read);
    if (!hasMore || count <= 0) {
      return index >= 0 ? ok(undefined) : err(stateFailure('message not in the history'));
    }
    const loaded = await chat.loadMore(count);
    if (!loaded.ok) return loaded;
    read += count;
  }
}
