import { describe, expect, it } from 'vitest';
import { ContentType } from '../entities/message';
import { message } from '../testing/builders';
import { buildMentionToken, mentionBodyParts, messageBodyParts, messageMentions } from './mention';

describe('§3 mention tokens: details', () => {
  it('names the refused user id in the error', () => {
    expect(() => buildMentionToken('x', 'a#b')).toThrow('cannot mention user id "a#b"');
    expect(() => buildMentionToken('x', '')).toThrow('cannot mention user id ""');
  });
});

describe("§3 an at-text message's mention list: details", () => {
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
});

describe('§3 message body parts: details', () => {
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
