import { classifyServerError, translate, type DisplayText, type Locale } from '@teamim/domain';
import {
  CHAT_ERROR_CODES,
  contentTooLargeMessage,
  GATEWAY_ERROR_CODES,
  IM_ERROR_CODES,
  payPasswordLockedMessage,
  payPasswordWrongMessage,
  UPLOAD_EXPIRED,
} from '@teamim/server';
import { describe, expect, it } from 'vitest';

/**
 * The client's error catalogue against every code a server can answer: the local server's own tables,
 * the codes of the chat-and-wallet API reference (chat's predefined errors, the tools library and IM
 * server table, the wallet range), the IM server's table in the protocol reference (section 10), and the codes the real open-im-server 3.8.3 and chat 1.8.4 answered
 * in recorded runs (1001 for an unsupported platform, 1002 for platform 10, 1004 on an empty first page,
 * 1304 for a request to a friend, 1506 after a sign-in elsewhere, 1507 and 20101 for dropped tokens).
 */
const REFERENCE_CODES = [
  500, 1001, 1002, 1003, 1004, 1101, 1102, 1201, 1202, 1203, 1204, 1205, 1206, 1301, 1302, 1303, 1304, 1401,
  1402, 1403, 1404, 1601, 1602, 1701, 1501, 1502, 1503, 1504, 1505, 1506, 1507, 20001, 20002, 20003, 20004,
  20005, 20006, 20007, 20008, 20009, 20010, 20011, 20012, 20013, 20014, 20101, 21001, 21002, 21003, 21004,
  21005, 21006, 21007, 21008, 21009, 21010,
];
const REAL_OPENIM_CODES = [1001, 1002, 1004, 1304, 1506, 1507, 20101];

const ALL_CODES = [
  ...new Set([
    ...Object.values(IM_ERROR_CODES),
    ...Object.values(CHAT_ERROR_CODES),
    ...Object.values(GATEWAY_ERROR_CODES),
    UPLOAD_EXPIRED,
    ...REFERENCE_CODES,
    ...REAL_OPENIM_CODES,
  ]),
].sort((a, b) => a - b);

const LOCALES: readonly Locale[] = ['en-US', 'zh-CN'];
const HAN = /\p{Script=Han}/u;

function shown(display: DisplayText, locale: Locale): string {
  if (display.kind === 'raw') return display.text;
  return translate(locale, display.i18nKey, display.params);
}

describe('every code a server can answer has a text of ours in both locales', () => {
  it.each(ALL_CODES)('%i', (code) => {
    // A sentence no catalogue would recognise: the text must come from the code alone.
    const display = classifyServerError(code, 'the server words it in English').display;
    expect(display.kind, `${code} falls back to the server's English`).toBe('i18n');
    if (display.kind !== 'i18n') return;
    for (const locale of LOCALES) {
      const text = shown(display, locale);
      expect(text, `${code} in ${locale}`).not.toBe(display.i18nKey);
      expect(text.trim(), `${code} in ${locale}`).not.toBe('');
      expect(text, `${code} in ${locale} keeps a placeholder`).not.toMatch(/\{\{/);
    }
    expect(shown(display, 'zh-CN'), `${code} in zh-CN`).toMatch(HAN);
  });
});

describe('parameters the server puts in its sentences reach the text', () => {
  const cases: readonly [string, number, string, string][] = [
    ['wrong pay password', 21003, payPasswordWrongMessage(4), '4'],
    ['pay password locked on this attempt', 21004, payPasswordLockedMessage(15, 5), '15'],
    ['pay password already locked', 21004, payPasswordLockedMessage(7), '7'],
    ['content too large', 1001, contentTooLargeMessage(102_400), '100 KB'],
  ];
  it.each(cases)('%s', (_name, code, message, expected) => {
    // The chat API's sentence as it is, and as an SDK wraps an IM answer (code and name in front).
    for (const serverMessage of [message, `${code} ArgsError ${message}`]) {
      const display = classifyServerError(code, serverMessage).display;
      expect(display.kind).toBe('i18n');
      for (const locale of LOCALES) {
        const text = shown(display, locale);
        expect(text, `${serverMessage} in ${locale}`).toContain(expected);
        expect(text).not.toMatch(/\{\{/);
      }
      expect(shown(display, 'zh-CN')).toMatch(HAN);
    }
  });

  it('a 1001 that is not about the size gets the plain invalid-request text, not the size text', () => {
    const plain = classifyServerError(1001, 'clientMsgID is required (at most 64 chars)').display;
    const size = classifyServerError(1001, contentTooLargeMessage(1024)).display;
    expect(plain.kind === 'i18n' && size.kind === 'i18n' && plain.i18nKey !== size.i18nKey).toBe(true);
  });

  it('an unknown code still shows the server message', () => {
    expect(classifyServerError(987_654, 'something new').display).toEqual({
      kind: 'raw',
      text: 'something new',
    });
  });
});
