import { describe, expect, it } from 'vitest';
import { AT_ALL_TAG } from '../constants';
import { ContentType } from '../entities/message';
import { message } from '../testing/builders';
import {
  mentionBodyParts,
  messageBodyParts,
  messageMentions,
  buildMentionToken,
  extractMentions,
  filterMentionCandidates,
  hasMentions,
  isMentionClickable,
  mentionsToPlainText,
  parseMentionSegments,
  prepareAtMessage,
  shouldSuggestMentions,
} from './mention';

describe('§3 Mention token [[at-{nickname}#{userID}]]', () => {
  it('§3 builds the token from nickname and user id', () => {
    expect(buildMentionToken('Alice', 'u1')).toBe('[[at-Alice#u1]]');
  });

  it('§3 strips brackets from nicknames so a token cannot be closed early', () => {
    const token = buildMentionToken('a]]b[[c', 'u1');
    expect(token).toBe('[[at-abc#u1]]');
    expect(parseMentionSegments(token)).toEqual([{ kind: 'mention', nickname: 'abc', userID: 'u1' }]);
  });

  it('§3 refuses user ids that would break the token', () => {
    expect(() => buildMentionToken('x', '')).toThrow(RangeError);
    expect(() => buildMentionToken('x', 'a#b')).toThrow(RangeError);
    expect(() => buildMentionToken('x', 'a]')).toThrow(RangeError);
  });

  it('§3 parses text and mentions in order; the user id follows the last #', () => {
    const text = `hi ${buildMentionToken('Bob#1', 'u2')} and [[at-Carol#u3]]!`;
    expect(parseMentionSegments(text)).toEqual([
      { kind: 'text', text: 'hi ' },
      { kind: 'mention', nickname: 'Bob#1', userID: 'u2' },
      { kind: 'text', text: ' and ' },
      { kind: 'mention', nickname: 'Carol', userID: 'u3' },
      { kind: 'text', text: '!' },
    ]);
    expect(parseMentionSegments('')).toEqual([]);
    expect(parseMentionSegments('[[at-broken]] text')).toEqual([
      { kind: 'text', text: '[[at-broken]] text' },
    ]);
  });

  it('§5 mentions are at most one per unique user id (first nickname wins)', () => {
    const text = '[[at-Bob#u2]] [[at-Bobby#u2]] [[at-Carol#u3]]';
    expect(extractMentions(text)).toEqual([
      { atUserID: 'u2', groupNickname: 'Bob' },
      { atUserID: 'u3', groupNickname: 'Carol' },
    ]);
    expect(prepareAtMessage(text)).toEqual({
      text,
      atUserIDList: ['u2', 'u3'],
      atUsersInfo: [
        { atUserID: 'u2', groupNickname: 'Bob' },
        { atUserID: 'u3', groupNickname: 'Carol' },
      ],
    });
    expect(hasMentions(text)).toBe(true);
    expect(hasMentions('plain')).toBe(false);
  });

  it('§3 renders tokens as @nickname, the at-all tag with its label', () => {
    expect(mentionsToPlainText(`[[at-Bob#u2]] hi [[at-All#${AT_ALL_TAG}]]`, 'everyone')).toBe(
      '@Bob hi @everyone',
    );
  });

  it('§2 a mention click does nothing for an empty id or the at-all tag', () => {
    expect(isMentionClickable('u1')).toBe(true);
    expect(isMentionClickable('')).toBe(false);
    expect(isMentionClickable(AT_ALL_TAG)).toBe(false);
  });

  it('§2 mention suggestions need at least 1 character', () => {
    const members = [
      { userID: 'u1', nickname: 'Alice' },
      { userID: 'u2', nickname: 'alfred' },
      { userID: 'me', nickname: 'Al (me)' },
      { userID: 'bx', nickname: 'Bob' },
    ];
    expect(shouldSuggestMentions('')).toBe(false);
    expect(filterMentionCandidates(members, '', 'me')).toEqual([]);
    expect(filterMentionCandidates(members, 'AL', 'me').map((m) => m.userID)).toEqual(['u1', 'u2']);
    expect(filterMentionCandidates(members, 'bx', 'me').map((m) => m.userID)).toEqual(['bx']);
  });

  it('names the refused user id in the error', () => {
    expect(() => buildMentionToken('x', 'a#b')).toThrow('cannot mention user id "a#b"');
    expect(() => buildMentionToken('x', '')).toThrow('cannot mention user id ""');
  });
});

describe("§3 Mentions come only from an at-text message's mention list", () => {
  const forged = '[[at-The CEO#bob]] says hi';

  it('a token typed into a plain text message stays text', () => {
    const plain = message({ contentType: ContentType.Text, textElem: { content: forged } });
    expect(messageBodyParts(plain)).toEqual([{ kind: 'text', text: forged }]);
    expect(messageMentions(plain).size).toBe(0);
  });

  it('an at-text message shows the listed users as mentions, named by its list, and other tokens as text', () => {
    const at = message({
      contentType: ContentType.AtText,
      atTextElem: {
        text: 'hi [[at-bob#bob]] and [[at-Fake#carol]], [[at-everyone#' + AT_ALL_TAG + ']]!',
        atUserList: ['bob', AT_ALL_TAG],
        atUsersInfo: [{ atUserID: 'bob', groupNickname: 'Bob B.' }],
      },
    });
    expect(messageBodyParts(at)).toEqual([
      { kind: 'text', text: 'hi ' },
      { kind: 'mention', userID: 'bob', name: 'Bob B.' },
      { kind: 'text', text: ' and [[at-Fake#carol]], ' },
      { kind: 'mention', userID: AT_ALL_TAG, name: 'everyone' },
      { kind: 'text', text: '!' },
    ]);
  });

  it('a quote or text body of another kind has no mentions; an empty text has no parts', () => {
    const quote = message({ contentType: ContentType.Quote, quoteElem: { text: forged } });
    expect(messageBodyParts(quote)).toEqual([{ kind: 'text', text: forged }]);
    expect(mentionBodyParts('', new Map([['bob', '']]))).toEqual([]);
  });

  it('lists the ids of atUserList, named by atUsersInfo where it names them', () => {
    const at = message({
      contentType: ContentType.AtText,
      atTextElem: {
        text: '[[at-b#bob]] [[at-c#carol]]',
        atUserList: ['bob', 'carol'],
        atUsersInfo: [{ atUserID: 'carol', groupNickname: 'Carol C.' }],
      },
    });
    expect(messageMentions(at)).toEqual(
      new Map([
        ['bob', ''],
        ['carol', 'Carol C.'],
      ]),
    );
  });

  it('an at-text without atUsersInfo lists atUserList only', () => {
    const at = message({
      contentType: ContentType.AtText,
      atTextElem: { text: '[[at-b#bob]]', atUserList: ['bob'] },
    });
    expect(messageMentions(at)).toEqual(new Map([['bob', '']]));
  });

  it('skips empty user ids in both lists', () => {
    const at = message({
      contentType: ContentType.AtText,
      atTextElem: {
        text: '[[at-Ghost#]] hi [[at-b#bob]]',
        atUserList: ['', 'bob'],
        atUsersInfo: [
          { atUserID: '', groupNickname: 'Ghost' },
          { atUserID: 'bob', groupNickname: 'Bob' },
        ],
      },
    });
    expect(messageMentions(at)).toEqual(new Map([['bob', 'Bob']]));
  });

  it('a message of another kind mentions nobody even when it carries an at-text element', () => {
    const text = message({
      contentType: ContentType.Text,
      textElem: { content: 'hi [[at-b#bob]]' },
      atTextElem: { text: 'hi [[at-b#bob]]', atUserList: ['bob'] },
    });
    expect(messageMentions(text)).toEqual(new Map());
    expect(messageBodyParts(text)).toEqual([{ kind: 'text', text: 'hi [[at-b#bob]]' }]);
  });

  it('a text, at-text or quote message without its element has an empty body', () => {
    expect(messageBodyParts(message({ contentType: ContentType.AtText }))).toEqual([]);
    expect(messageBodyParts(message({ contentType: ContentType.Quote }))).toEqual([]);
    expect(messageBodyParts(message({ contentType: ContentType.Text }))).toEqual([]);
  });

  it('keeps an unlisted token inside the text around it, between two listed mentions', () => {
    const mentions = new Map([
      ['a', 'Ann'],
      ['c', ''],
    ]);
    expect(mentionBodyParts('[[at-A#a]] x [[at-B#b]] y [[at-Cy#c]]', mentions)).toEqual([
      { kind: 'mention', userID: 'a', name: 'Ann' },
      { kind: 'text', text: ' x [[at-B#b]] y ' },
      { kind: 'mention', userID: 'c', name: 'Cy' },
    ]);
  });
});
