import { BehaviorSubject, type Observable } from 'rxjs';
import { compareConversations, type Conversation } from '@teamim/domain';

export interface Draft {
  readonly text: string;
  readonly time: number;
}

/**
 * Unsent composer text per conversation. The conversations port has no draft call, so drafts live in
 * memory for the signed-in session: they survive switching conversations, not a reload.
 */
export class DraftBook {
  private readonly drafts = new BehaviorSubject<ReadonlyMap<string, Draft>>(new Map());
  readonly drafts$: Observable<ReadonlyMap<string, Draft>> = this.drafts.asObservable();

  get(conversationID: string): string {
    return this.drafts.value.get(conversationID)?.text ?? '';
  }

  /** Keeps `text` as the draft of a conversation; blank text removes the draft. */
  set(conversationID: string, text: string, nowMs: number): void {
    const current = this.drafts.value.get(conversationID);
    const blank = text.trim() === '';
    if (blank && current === undefined) return;
    if (!blank && current?.text === text) return;
    const next = new Map(this.drafts.value);
    if (blank) next.delete(conversationID);
    else next.set(conversationID, { text, time: current?.time ?? nowMs });
    this.drafts.next(next);
  }

  clear(): void {
    if (this.drafts.value.size > 0) this.drafts.next(new Map());
  }
}

/**
 * The list with local drafts shown: a conversation with a draft carries it as `draftText` and sorts by
 * the later of draft and last-message time, with the domain's ordering (spec §4). Without drafts the
 * store's list is returned as is.
 */
export function withDrafts(
  conversations: readonly Conversation[],
  drafts: ReadonlyMap<string, Draft>,
  skipConversationID?: string,
): readonly Conversation[] {
  const relevant = [...drafts].filter(([id]) => id !== skipConversationID);
  if (relevant.length === 0) return conversations;
  const byID = new Map(relevant);
  return conversations
    .map((c) => {
      const draft = byID.get(c.conversationID);
      return draft === undefined
        ? c
        : { ...c, draftText: draft.text, draftTextTime: Math.max(c.draftTextTime, draft.time) };
    })
    .sort(compareConversations);
}
