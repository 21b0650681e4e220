import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../i18n/messages';
import {
  classifyServerError,
  errorToastText,
  findServerError,
  isForceLogoutCode,
  isIgnorableBrowserError,
  isSendRefusal,
  loginFailureRedirects,
  SERVER_ERROR_CATALOGUE,
  ServerErrorCode,
  SessionEndReason,
  sessionEndMessageKey,
  successToastText,
} from './server-errors';

describe('§8 Server error codes', () => {
  it('§8 1501, 1503, 1504, 1505: login expired message, then forced logout', () => {
    for (const code of [1501, 1503, 1504, 1505]) {
      expect(classifyServerError(code, 'token expired')).toEqual({
        kind: 'server',
        code,
        reason: 'loginExpired',
        display: { kind: 'i18n', i18nKey: 'error.loginExpired' },
        forceLogout: true,
        redirectOnLoginFailure: true,
      });
      expect(isForceLogoutCode(code)).toBe(true);
    }
    expect(isForceLogoutCode(1502)).toBe(false);
    expect(isForceLogoutCode(20001)).toBe(false);
  });

  it('the token-gone codes of a real deployment (chat 20101, IM 1507) also end the session', () => {
    for (const code of [1507, 20101]) {
      expect(classifyServerError(code, 'ErrTokenNotExist')).toMatchObject({
        reason: 'loginExpired',
        display: { kind: 'i18n', i18nKey: 'error.loginExpired' },
        forceLogout: true,
      });
    }
  });

  it('§4/§8 705 is a connect failure: login expired and logout', () => {
    expect(classifyServerError(705)).toMatchObject({ reason: 'connectFailed', forceLogout: true });
  });

  it('§8 chat API codes have their own messages', () => {
    const expected: [number, string, string][] = [
      [20001, 'wrongPassword', 'error.wrongPassword'],
      [20002, 'accountNotFound', 'error.accountNotFound'],
      [20003, 'phoneRegistered', 'error.phoneRegistered'],
      [20004, 'accountRegistered', 'error.accountRegistered'],
      [20014, 'accountRegistered', 'error.accountRegistered'],
      [20005, 'tooFrequent', 'error.tooFrequent'],
      [20012, 'restricted', 'error.restricted'],
      [20006, 'verificationCodeWrong', 'error.verificationCodeWrong'],
      [20007, 'verificationCodeExpired', 'error.verificationCodeExpired'],
      [20008, 'verificationCodeLimit', 'error.verificationCodeLimit'],
      [20009, 'verificationCodeUsed', 'error.verificationCodeUsed'],
      [20010, 'invitationCodeUsed', 'error.invitationCodeUsed'],
      [20011, 'invitationCodeNotFound', 'error.invitationCodeNotFound'],
      [20013, 'refuseFriend', 'toast.refuseFriend'],
    ];
    for (const [code, reason, i18nKey] of expected) {
      expect(classifyServerError(code, 'server words')).toEqual({
        kind: 'server',
        code,
        reason,
        display: { kind: 'i18n', i18nKey },
        forceLogout: false,
        redirectOnLoginFailure: true,
      });
    }
  });

  it('§8 sending failures are classified by reason, and neither log out nor stop a redirect', () => {
    const expected = [
      [ServerErrorCode.NotInGroup, 'notInGroup', 'toast.notInGroup'],
      [ServerErrorCode.BlockedByPeer, 'blockedByPeer', 'toast.blockedByPeer'],
      [ServerErrorCode.NotPeersFriend, 'friendVerification', 'toast.friendVerification'],
      [ServerErrorCode.MutedInGroup, 'memberMuted', 'toast.memberMuted'],
      [ServerErrorCode.MutedGroup, 'groupMuted', 'toast.groupMuted'],
    ] as const;
    for (const [code, reason, i18nKey] of expected) {
      expect(classifyServerError(code, 'server words')).toEqual({
        kind: 'server',
        code,
        reason,
        display: { kind: 'i18n', i18nKey },
        forceLogout: false,
        redirectOnLoginFailure: true,
      });
    }
  });

  it('§8 sending failures map to the sending toasts', () => {
    expect(classifyServerError(ServerErrorCode.NotInGroup).display).toEqual({
      kind: 'i18n',
      i18nKey: 'toast.notInGroup',
    });
    expect(classifyServerError(ServerErrorCode.MutedGroup).display).toEqual({
      kind: 'i18n',
      i18nKey: 'toast.groupMuted',
    });
    expect(classifyServerError(ServerErrorCode.MutedInGroup).display).toEqual({
      kind: 'i18n',
      i18nKey: 'toast.memberMuted',
    });
    expect(classifyServerError(ServerErrorCode.BlockedByPeer).display).toEqual({
      kind: 'i18n',
      i18nKey: 'toast.blockedByPeer',
    });
    expect(classifyServerError(ServerErrorCode.NotPeersFriend).display).toEqual({
      kind: 'i18n',
      i18nKey: 'toast.friendVerification',
    });
  });

  it('§4/§8 10102 is a login error that does not redirect; every other login error does', () => {
    expect(loginFailureRedirects(10102)).toBe(false);
    expect(loginFailureRedirects(20001)).toBe(true);
    expect(loginFailureRedirects(123456)).toBe(true);
    expect(classifyServerError(10102, 'login repeated')).toEqual({
      kind: 'server',
      code: 10102,
      reason: 'loginRepeated',
      display: { kind: 'raw', text: 'login repeated' },
      forceLogout: false,
      redirectOnLoginFailure: false,
    });
  });

  it('wallet codes have texts of ours, with the attempts and minutes the server states', () => {
    expect(classifyServerError(21001, 'insufficient balance')).toEqual({
      kind: 'server',
      code: 21001,
      reason: 'insufficientBalance',
      display: { kind: 'i18n', i18nKey: 'error.wallet.insufficientBalance' },
      forceLogout: false,
      redirectOnLoginFailure: true,
    });
    expect(classifyServerError(21003, 'wrong pay password, 4 attempt(s) left').display).toEqual({
      kind: 'i18n',
      i18nKey: 'error.wallet.payPasswordWrongAttempts',
      params: { attemptsLeft: 4 },
    });
    // Without the count (another wallet server's wording) the plain text, never a blank placeholder.
    expect(classifyServerError(21003, 'PayPasswordError').display).toEqual({
      kind: 'i18n',
      i18nKey: 'error.wallet.payPasswordWrong',
    });
    expect(classifyServerError(21004, 'locked; try again in 15 min').display).toEqual({
      kind: 'i18n',
      i18nKey: 'error.wallet.payPasswordLockedMinutes',
      params: { minutes: 15 },
    });
    expect(classifyServerError(21006, 'this red packet has expired').display).toEqual({
      kind: 'i18n',
      i18nKey: 'error.wallet.redPacketExpired',
    });
  });

  it('1001 is an invalid request, and the size refusal of a message says the limit', () => {
    expect(classifyServerError(1001, 'content too large (max 102400 bytes)')).toMatchObject({
      reason: 'contentTooLarge',
      display: { kind: 'i18n', i18nKey: 'error.contentTooLarge', params: { max: '100 KB' } },
    });
    expect(classifyServerError(1001, 'recvID is required')).toMatchObject({
      reason: 'invalidRequest',
      display: { kind: 'i18n', i18nKey: 'error.invalidRequest' },
    });
    // The parameters are read from the sentence, not from an unrelated code's.
    expect(classifyServerError(21003, 'content too large (max 1 bytes)').display).toEqual({
      kind: 'i18n',
      i18nKey: 'error.wallet.payPasswordWrong',
    });
  });

  it('a request to someone already a friend (1304, real OpenIM) has its own text', () => {
    expect(classifyServerError(1304, 'RelationshipAlreadyError already friends has f')).toMatchObject({
      reason: 'alreadyFriends',
      display: { kind: 'i18n', i18nKey: 'error.alreadyFriends' },
      forceLogout: false,
    });
  });

  it('group codes are numbered as open-im-server numbers them: 1205 group type, 1206 request handled', () => {
    // Another admin answered the join request first: a real server says 1206.
    expect(classifyServerError(1206, 'GroupRequestHandled group request already processed')).toMatchObject({
      reason: 'groupRequestHandled',
      display: { kind: 'i18n', i18nKey: 'error.groupRequestHandled' },
    });
    expect(classifyServerError(1205, '')).toMatchObject({
      reason: 'groupTypeNotSupported',
      display: { kind: 'i18n', i18nKey: 'error.groupTypeNotSupported' },
    });
    expect(findServerError(1207)).toBeUndefined();
  });

  it('a read receipt refused by a server with receipts off (1401) has its own text', () => {
    expect(classifyServerError(1401, 'MessageHasReadDisable')).toMatchObject({
      reason: 'readReceiptsDisabled',
      display: { kind: 'i18n', i18nKey: 'error.readReceiptsDisabled' },
    });
  });

  it('§8 other codes show the server message (or the generic failure when it is blank)', () => {
    expect(classifyServerError(29_999, 'something new')).toEqual({
      kind: 'server',
      code: 29_999,
      reason: 'other',
      display: { kind: 'raw', text: 'something new' },
      forceLogout: false,
      redirectOnLoginFailure: true,
    });
    expect(classifyServerError(99, '  ').display).toEqual({ kind: 'i18n', i18nKey: 'toast.accessFailed' });
    expect(findServerError(99)).toBeUndefined();
  });

  it('§8 the catalogue has one entry per code and every key has texts', () => {
    const codes = SERVER_ERROR_CATALOGUE.map((entry) => entry.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const entry of SERVER_ERROR_CATALOGUE) {
      if (entry.i18nKey !== undefined) expect(MESSAGES[entry.i18nKey]).toBeDefined();
    }
  });
});

describe('§8 Sending: which refusals give the typed text back to the composer', () => {
  it('each of the six §8 sending refusals is a refusal of the send', () => {
    const refusals = [
      ServerErrorCode.NotInGroup,
      ServerErrorCode.BlockedByPeer,
      ServerErrorCode.NotPeersFriend,
      ServerErrorCode.RefuseFriend,
      ServerErrorCode.MutedInGroup,
      ServerErrorCode.MutedGroup,
    ];
    for (const code of refusals) expect(isSendRefusal(code), String(code)).toBe(true);
  });

  it('every other catalogued code, and an unknown one, is not a refusal (the text is not given back)', () => {
    const refusals = new Set<number>([1203, 1302, 1303, 20013, 1402, 1403]);
    const others = SERVER_ERROR_CATALOGUE.map((entry) => entry.code).filter((code) => !refusals.has(code));
    expect(others).toHaveLength(SERVER_ERROR_CATALOGUE.length - 6);
    for (const code of [...others, 0, 500, 1204, 99_999])
      expect(isSendRefusal(code), String(code)).toBe(false);
  });
});

describe('§4/§8 Session end and generic toasts', () => {
  it('§4 kicked offline, token expired or invalid, or connect failure: show a message and log out', () => {
    expect(sessionEndMessageKey(SessionEndReason.KickedOffline)).toBe('toast.kickedOffline');
    expect(sessionEndMessageKey(SessionEndReason.TokenExpired)).toBe('error.loginExpired');
    expect(sessionEndMessageKey(SessionEndReason.TokenInvalid)).toBe('error.loginExpired');
    expect(sessionEndMessageKey(SessionEndReason.ConnectFailed)).toBe('error.loginExpired');
  });

  it('§8 generic error toast: the error message, then the SDK error detail, then toast.accessFailed', () => {
    expect(errorToastText({ message: 'boom', errMsg: 'detail' })).toEqual({ kind: 'raw', text: 'boom' });
    expect(errorToastText({ message: '', errMsg: 'detail' })).toEqual({ kind: 'raw', text: 'detail' });
    expect(errorToastText({})).toEqual({ kind: 'i18n', i18nKey: 'toast.accessFailed' });
    expect(errorToastText({ message: '  ', errMsg: 'detail' })).toEqual({ kind: 'raw', text: 'detail' });
    expect(errorToastText({ message: ' ', errMsg: '\t' })).toEqual({
      kind: 'i18n',
      i18nKey: 'toast.accessFailed',
    });
  });

  it('§8 generic success toast: the message or toast.accessSuccess', () => {
    expect(successToastText('Saved')).toEqual({ kind: 'raw', text: 'Saved' });
    expect(successToastText()).toEqual({ kind: 'i18n', i18nKey: 'toast.accessSuccess' });
    expect(successToastText(' ')).toEqual({ kind: 'i18n', i18nKey: 'toast.accessSuccess' });
  });

  it('§8 known browser errors (extension, chunk load, resize observer, network, abort) are ignored', () => {
    const ignorable = [
      { message: 'x', stack: 'at chrome-extension://abc/content.js:1' },
      { name: 'ChunkLoadError', message: 'Loading chunk 42 failed.' },
      { name: 'Error', message: 'Loading chunk vendors-main failed.' },
      { name: 'Error', message: 'Loading CSS chunk 17 failed.' },
      { message: 'Failed to fetch dynamically imported module: /assets/a.js' },
      { message: 'ResizeObserver loop completed with undelivered notifications.' },
      { name: 'TypeError', message: 'NetworkError when attempting to fetch resource.' },
      { message: 'Network Error' },
      { name: 'AbortError', message: 'The operation was aborted.' },
    ];
    for (const error of ignorable) expect(isIgnorableBrowserError(error)).toBe(true);
    expect(
      isIgnorableBrowserError({
        name: 'TypeError',
        message: "Cannot read properties of undefined (reading 'x')",
      }),
    ).toBe(false);
    expect(isIgnorableBrowserError({})).toBe(false);
    // Name, message and stack are separate lines: their ends do not run together into a match.
    expect(isIgnorableBrowserError({ name: 'Network', message: 'Error: disk full' })).toBe(false);
    expect(isIgnorableBrowserError({ name: 'Error', message: 'Loading chunk  failed' })).toBe(false);
  });
});

describe('§8 Browser noise is recognised in any of name, message and stack', () => {
  it('a match in the stack alone counts, with the name and message missing', () => {
    expect(isIgnorableBrowserError({ stack: 'at load (chrome-extension://abc/content.js:1:2)' })).toBe(true);
    expect(isIgnorableBrowserError({ name: 'ChunkLoadError' })).toBe(true);
    expect(isIgnorableBrowserError({ message: '', stack: '' })).toBe(false);
    expect(isIgnorableBrowserError({ name: 'Error', stack: 'at render (app.js:1:2)' })).toBe(false);
  });
});
