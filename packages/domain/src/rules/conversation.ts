import type { Conversation } from '../entities/conversation';
import { SessionType } from '../entities/message';

/** §4 Conversations: ordering, de-duplication and ids. */

/** The time a conversation sorts by: the later of its draft time and its last message time. */
export function conversationSortTime(
  conversation: Pick<Conversation, 'draftTextTime' | 'latestMsgSendTime'>,
): number {
  return Math.max(conversation.draftTextTime, conversation.latestMsgSendTime);
}

/** Pinned first, then newest sort time first; ties keep their order (the sort is stable). */
export function compareConversations(a: Conversation, b: Conversation): number {
  if (a.isPinned !== b.isPinned) return a.isPinned ? -1 : 1;
  return conversationSortTime(b) - conversationSortTime(a);
}

/**
 * Merges `updates` into `current` by conversationID (an update replaces the entry with the same
 * id, a new id is appended), removes duplicate ids (the last occurrence wins) and sorts.
 */
export function mergeConversations(
  current: readonly Conversation[],
  updates: readonly Conversation[] = [],
): readonly Conversation[] {
  const byID = new Map<string, Conversation>();
  for (const conversation of [...current, ...updates]) {
    byID.delete(conversation.conversationID);
    byID.set(conversation.conversationID, conversation);
  }
  return [...byID.values()].sort(compareConversations);
}

/** §6 Group and working group both count as group chats. */
export function isGroupSession(sessionType: number): boolean {
  return sessionType === SessionType.Group;
}

export function isGroupConversation(conversation: Pick<Conversation, 'conversationType'>): boolean {
  return isGroupSession(conversation.conversationType);
}

/**
 * Byte-wise (UTF-8) order, as the server's Go `sort.Strings` uses. UTF-8 preserves code point
 * order, so comparing code points is enough; JS `<` compares UTF-16 units, which differs for
 * characters beyond the Basic Multilingual Plane.
 */
export function compareUtf8(a: string, b: string): number {
  const pa = [...a];
  const pb = [...b];
  const length = Math.min(pa.length, pb.length);
  for (let i = 0; i < length; i += 1) {
    const diff = (pa[i]?.codePointAt(0) ?? 0) - (pb[i]?.codePointAt(0) ?? 0);
    if (diff !== 0) return diff;
  }
  return pa.length - pb.length;
}

/** `si_` + the two user ids in byte order. */
export function singleConversationID(userA: string, userB: string): string {
  const [first, second] = compareUtf8(userA, userB) <= 0 ? [userA, userB] : [userB, userA];
  return `si_${first}_${second}`;
}

export function groupConversationID(groupID: string): string {
  return `sg_${groupID}`;
}

/** The conversation id of a chat, from its session type and the peer user id or the group id. */
export function conversationIDFor(sessionType: number, selfUserID: string, targetID: string): string {
  return isGroupSession(sessionType)
    ? groupConversationID(targetID)
    : singleConversationID(selfUserID, targetID);
}

/**
 * The entries of `incoming` that are new to `current` or have newer activity there (`newer`), or at least
 * as new (`notOlder`, so that an equally recent copy from the SDK replaces the server's).
 */
export function activeSince(
  current: readonly Conversation[],
  incoming: readonly Conversation[],
  rule: 'newer' | 'notOlder',
): readonly Conversation[] {
  const shown = new Map(current.map((c) => [c.conversationID, c]));
  return incoming.filter((c) => {
    const known = shown.get(c.conversationID);
    if (known === undefined) return true;
    const difference = conversationSortTime(c) - conversationSortTime(known);
    return rule === 'newer' ? difference > 0 : difference >= 0;
  });
}

/**
 * `incoming` with each conversation that equals the one `current` holds (every field the same) replaced
 * by `current`'s object. A reload reads every conversation again; keeping the objects that did not change
 * keeps what was derived from them (their list rows, keyed by the object) and lets the reloaded copies go.
 */
export function keepUnchanged(
  current: readonly Conversation[],
  incoming: readonly Conversation[],
): readonly Conversation[] {
  const shown = new Map(current.map((c) => [c.conversationID, c]));
  return incoming.map((c) => {
    const known = shown.get(c.conversationID);
    return known !== undefined && sameFields(known, c) ? known : c;
  });
}

function sameFields(a: Conversation, b: Conversation): boolean {
  const keys = Object.keys(a) as (keyof Conversation)[];
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}
