import { AT_ALL_TAG } from '../constants';
import { GroupMemberRole } from '../entities/group';
import { GroupAtType } from '../entities/conversation';
import { buildMentionToken, prepareAtMessage, shouldSuggestMentions, type AtMessageDraft } from './mention';

/**
 * Composing mentions (spec §2 "Mention suggestions need at least 1 character", §5 "Mentions are at most
 * one per unique user id", §6 owners and admins may mention all). The composer shows a mention as
 * "@name"; the message carries it as the spec's `[[at-name#id]]` token.
 */

/** A group member as the suggestion list knows it: the group nickname and, for a friend, the remark. */
export interface MentionMember {
  readonly userID: string;
  readonly nickname: string;
  readonly remark?: string;
  readonly faceURL?: string;
}

/** A mention the user chose in the composer: who, and the name the composer shows after the "@". */
export interface ChosenMention {
  readonly userID: string;
  readonly name: string;
}

/** The name a suggestion and the inserted mention show: the remark when there is one, else the nickname. */
export function mentionName(member: MentionMember): string {
  const remark = member.remark?.trim() ?? '';
  if (remark !== '') return remark;
  return member.nickname.trim() !== '' ? member.nickname : member.userID;
}

/** §6 only owners and admins may mention everyone. */
export function canMentionAll(role: GroupMemberRole | undefined): boolean {
  return role === GroupMemberRole.Owner || role === GroupMemberRole.Admin;
}

/** `needle` is never empty, so a missing remark (read as '') matches nothing. */
function rankOf(member: MentionMember, needle: string): number | undefined {
  const names = [member.nickname, member.remark ?? ''].map((n) => n.toLowerCase());
  if (names.some((n) => n.startsWith(needle))) return 0;
  if (names.some((n) => n.includes(needle))) return 1;
  if (member.userID.toLowerCase().includes(needle)) return 2;
  return undefined;
}

/**
 * The members a query suggests, best first: a nickname or remark that starts with the query, then one
 * that contains it, then a user id that contains it; within a rank by the shown name. The user never
 * suggests themself. A query of less than one character suggests nobody.
 */
export function rankMentionCandidates<T extends MentionMember>(
  members: readonly T[],
  query: string,
  selfUserID: string,
  limit = Number.POSITIVE_INFINITY,
): readonly T[] {
  if (!shouldSuggestMentions(query)) return [];
  const needle = query.toLowerCase();
  const ranked: { readonly member: T; readonly rank: number; readonly name: string }[] = [];
  const seen = new Set<string>();
  for (const member of members) {
    if (member.userID === selfUserID || member.userID === '' || seen.has(member.userID)) continue;
    const rank = rankOf(member, needle);
    if (rank === undefined) continue;
    seen.add(member.userID);
    ranked.push({ member, rank, name: mentionName(member) });
  }
  ranked.sort(
    (a, b) => a.rank - b.rank || a.name.localeCompare(b.name) || (a.member.userID < b.member.userID ? -1 : 1),
  );
  return ranked.slice(0, limit).map((entry) => entry.member);
}

/** Whether the query asks for the at-all entry: a prefix of "all" or of the locale's label for it. */
export function matchesMentionAll(query: string, atAllLabel: string): boolean {
  if (!shouldSuggestMentions(query)) return false;
  const needle = query.toLowerCase();
  return ['all', atAllLabel.toLowerCase()].some((word) => word.startsWith(needle));
}

/**
 * The "@query" being typed just before the caret, or undefined. The "@" starts the text or follows
 * whitespace (an e-mail address is no mention), and the query has no whitespace.
 */
export function mentionQueryAt(
  text: string,
  caret: number,
): { readonly start: number; readonly query: string } | undefined {
  const before = text.slice(0, Math.max(0, Math.min(caret, text.length)));
  const at = before.lastIndexOf('@');
  if (at < 0) return undefined;
  if (at > 0 && !/\s/.test(before.charAt(at - 1))) return undefined;
  const query = before.slice(at + 1);
  if (/\s/.test(query)) return undefined;
  return { start: at, query };
}

/** Replaces the "@query" that starts at `start` and ends at `caret` with "@name ", returning the caret after it. */
export function insertMention(
  text: string,
  start: number,
  caret: number,
  name: string,
): { readonly text: string; readonly caret: number } {
  const inserted = `@${name} `;
  const rest = text.slice(caret).replace(/^ /, '');
  return { text: text.slice(0, start) + inserted + rest, caret: start + inserted.length };
}

/**
 * The text to send: each "@name" of a chosen mention still in the text becomes its token (longer names
 * first, so "@Ann Lee" is not read as "@Ann"). A chosen mention the user has deleted is dropped. Returns
 * the at-text parameters (one entry per unique user), or undefined when no mention is left.
 */
export function composeAtText(text: string, chosen: readonly ChosenMention[]): AtMessageDraft | undefined {
  const byLength = [...chosen].filter((c) => c.userID !== '').sort((a, b) => b.name.length - a.name.length);
  if (byLength.length === 0) return undefined;
  let out = '';
  let index = 0;
  while (index < text.length) {
    const startsWord = index === 0 || /\s/.test(text.charAt(index - 1));
    const hit = startsWord ? byLength.find((c) => text.startsWith(`@${c.name}`, index)) : undefined;
    if (hit === undefined) {
      out += text.charAt(index);
      index += 1;
      continue;
    }
    out += buildMentionToken(hit.userID === AT_ALL_TAG ? 'all' : hit.name, hit.userID);
    index += hit.name.length + 1;
  }
  const draft = prepareAtMessage(out);
  return draft.atUserIDList.length > 0 ? draft : undefined;
}

/** The conversation list's mark for an unread mention (SDK groupAtType), or undefined. */
export function mentionMark(groupAtType: GroupAtType | undefined): 'you' | 'all' | undefined {
  switch (groupAtType) {
    case GroupAtType.AtMe:
    case GroupAtType.AtAllAtMe:
      return 'you';
    case GroupAtType.AtAll:
      return 'all';
    default:
      return undefined;
  }
}
