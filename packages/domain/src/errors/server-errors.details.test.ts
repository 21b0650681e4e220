import { describe, expect, it } from 'vitest';
import {
  isIgnorableBrowserError,
  isSendRefusal,
  SERVER_ERROR_CATALOGUE,
  ServerErrorCode,
} from './server-errors';

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

describe('§8 Browser noise is recognised in any of name, message and stack', () => {
  it('a match in the stack alone counts, with the name and message missing', () => {
    expect(isIgnorableBrowserError({ stack: 'at load (chrome-extension://abc/content.js:1:2)' })).toBe(true);
    expect(isIgnorableBrowserError({ name: 'ChunkLoadError' })).toBe(true);
    expect(isIgnorableBrowserError({ message: '', stack: '' })).toBe(false);
    expect(isIgnorableBrowserError({ name: 'Error', stack: 'at render (app.js:1:2)' })).toBe(false);
  });
});
