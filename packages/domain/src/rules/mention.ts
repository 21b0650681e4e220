import { AT_ALL_TAG } from '../constants';
import { ContentType } from '../entities/message';
import type { AtUserInfo, Message } from '../entities/message';

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

/** A part of a message body: plain text, or a mention the sender's message declared. */
export type BodyPart =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'mention'; readonly userID: string; readonly name: string };

/** The users a message mentions, by id, with the name its mention list gives ('' when it gives none). */
export type MentionList = ReadonlyMap<string, string>;

/**
 * The mention list of a message: only an at-text message has one (its `atUserList` and `atUsersInfo`).
 * Any other message mentions nobody, whatever its text looks like.
 */
export function messageMentions(message: Pick<Message, 'contentType' | 'atTextElem'>): MentionList {
  const list = new Map<string, string>();
  const elem = message.contentType === ContentType.AtText ? message.atTextElem : undefined;
  if (elem === undefined) return list;
  for (const userID of elem.atUserList) if (userID !== '') list.set(userID, '');
  for (const info of elem.atUsersInfo ?? []) {
    if (info.atUserID !== '') list.set(info.atUserID, info.groupNickname);
  }
  return list;
}

/**
 * Splits a body text into parts. A `[[at-…#id]]` token is a mention only when `mentions` lists its id;
 * then it shows the list's name, else the token's. Any other token stays text as typed, so a plain
 * message cannot forge a mention of a real user under a made-up name. No two text parts are adjacent.
 */
export function mentionBodyParts(text: string, mentions: MentionList): readonly BodyPart[] {
  const parts: BodyPart[] = [];
  // A text part is only ever pushed first, after a mention or last: an unlisted token does not move
  // `last`, so it stays inside the text around it and two text parts are never adjacent.
  const pushText = (piece: string) => {
    if (piece !== '') parts.push({ kind: 'text', text: piece });
  };
  let last = 0;
  for (const match of text.matchAll(TOKEN)) {
    const userID = match[2] ?? '';
    const listed = mentions.get(userID);
    if (listed === undefined) continue;
    pushText(text.slice(last, match.index));
    parts.push({ kind: 'mention', userID, name: listed !== '' ? listed : (match[1] ?? '') });
    last = match.index + match[0].length;
  }
  pushText(text.slice(last));
  return parts;
}

/** How a mention reads: "@name", the at-all tag as `atAllLabel`. */
export function mentionText(
  part: Pick<Extract<BodyPart, { kind: 'mention' }>, 'userID' | 'name'>,
  atAllLabel: string,
): string {
  return `@${part.userID === AT_ALL_TAG ? atAllLabel : part.name}`;
}

/**
 * A message body as one plain text, read the way its bubble shows it (`mentionBodyParts`): declared
 * mentions as "@name", any other token exactly as typed.
 */
export function bodyPlainText(text: string, mentions: MentionList, atAllLabel: string): string {
  return mentionBodyParts(text, mentions)
    .map((part) => (part.kind === 'text' ? part.text : mentionText(part, atAllLabel)))
    .join('');
}

/** The body of a text, at-text or quote message as parts; mentions only from an at-text's mention list. */
export function messageBodyParts(
  message: Pick<Message, 'contentType' | 'textElem' | 'atTextElem' | 'quoteElem'>,
): readonly BodyPart[] {
  const text =
    message.contentType === ContentType.AtText
      ? (message.atTextElem?.text ?? '')
      : message.contentType === ContentType.Quote
        ? (message.quoteElem?.text ?? '')
        : (message.textElem?.content ?? '');
  return mentionBodyParts(text, messageMentions(message));
}
