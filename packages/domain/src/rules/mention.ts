import { AT_ALL_TAG } from '../constants';
import type { AtUserInfo } from '../entities/message';

/**
 * Mentions live in the text body as `[[at-{nickname}#{userID}]]` (spec §3). The user id is what
 * follows the last '#', so a nickname may itself contain '#'. Brackets are removed from nicknames
 * when building a token, so a nickname can never end a token early.
 */

const TOKEN = /\[\[at-([^\]]*?)#([^#\]]+)\]\]/g;

export type TextSegment =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'mention'; readonly nickname: string; readonly userID: string };

function cleanNickname(nickname: string): string {
  return nickname.replace(/[[\]]/g, '');
}

export function buildMentionToken(nickname: string, userID: string): string {
  if (userID === '' || /[#\]]/.test(userID))
    throw new RangeError(`cannot mention user id ${JSON.stringify(userID)}`);
  return `[[at-${cleanNickname(nickname)}#${userID}]]`;
}

/** Splits a text into plain parts and mentions, in order. Adjacent text parts are merged. */
export function parseMentionSegments(text: string): readonly TextSegment[] {
  const segments: TextSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(TOKEN)) {
    const start = match.index;
    if (start > last) segments.push({ kind: 'text', text: text.slice(last, start) });
    segments.push({ kind: 'mention', nickname: match[1] ?? '', userID: match[2] ?? '' });
    last = start + match[0].length;
  }
  if (last < text.length) segments.push({ kind: 'text', text: text.slice(last) });
  return segments;
}

/** §5 "Mentions are at most one per unique user id": the mentioned users, first nickname wins. */
export function extractMentions(text: string): readonly AtUserInfo[] {
  const seen = new Map<string, AtUserInfo>();
  for (const segment of parseMentionSegments(text)) {
    if (segment.kind === 'mention' && !seen.has(segment.userID)) {
      seen.set(segment.userID, { atUserID: segment.userID, groupNickname: segment.nickname });
    }
  }
  return [...seen.values()];
}

/** Parameters of `createTextAtMessage`: the text plus de-duplicated mention lists. */
export interface AtMessageDraft {
  readonly text: string;
  readonly atUserIDList: readonly string[];
  readonly atUsersInfo: readonly AtUserInfo[];
}

export function prepareAtMessage(text: string): AtMessageDraft {
  const atUsersInfo = extractMentions(text);
  return { text, atUserIDList: atUsersInfo.map((info) => info.atUserID), atUsersInfo };
}

export function hasMentions(text: string): boolean {
  return extractMentions(text).length > 0;
}

/** The text as a reader sees it: each token becomes "@nickname" (the at-all tag uses `atAllLabel`). */
export function mentionsToPlainText(text: string, atAllLabel: string): string {
  return parseMentionSegments(text)
    .map((segment) =>
      segment.kind === 'text'
        ? segment.text
        : `@${segment.userID === AT_ALL_TAG ? atAllLabel : segment.nickname}`,
    )
    .join('');
}

/** §2 Clicking a mention opens the user card, except for an empty id or the at-all tag. */
export function isMentionClickable(userID: string): boolean {
  return userID !== '' && userID !== AT_ALL_TAG;
}

/** §2 Mention suggestions need at least 1 character. */
export function shouldSuggestMentions(query: string): boolean {
  return query.length >= 1;
}

export interface MentionCandidate {
  readonly userID: string;
  readonly nickname: string;
}

/** Candidates whose nickname or user id contains the query (case-insensitive), excluding self. */
export function filterMentionCandidates<T extends MentionCandidate>(
  candidates: readonly T[],
  query: string,
  selfUserID: string,
): readonly T[] {
  if (!shouldSuggestMentions(query)) return [];
  const needle = query.toLowerCase();
  return candidates.filter(
    (candidate) =>
      candidate.userID !== selfUserID &&
      (candidate.nickname.toLowerCase().includes(needle) || candidate.userID.toLowerCase().includes(needle)),
  );
}
