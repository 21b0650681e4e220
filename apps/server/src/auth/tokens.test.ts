import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { coreMigrations } from '../db/migrations';
import { openDatabase, runMigrations } from '../db/database';
import { verifyJwt } from './jwt';
import { TokenService, TokenState } from './tokens';

const NOW_MS = 1_700_000_000_000;
const nowSec = NOW_MS / 1000;

function service(now = () => NOW_MS, verify = verifyJwt) {
  const db = openDatabase({ memory: true, dataDir: '' });
  runMigrations(db, [{ module: 'core', migrations: coreMigrations }]);
  return new TokenService(db, 'k', now, verify);
}

/** The real JWT check, counting the tokens it was asked about. */
function countingVerify() {
  const checked: string[] = [];
  const verify: typeof verifyJwt = (token, key, options) => {
    checked.push(token);
    return verifyJwt(token, key, options);
  };
  return { checked, verify };
}
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
const signed = (claims: unknown) => {
  const body = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}`;
  return `${body}.${createHmac('sha256', 'k').update(body).digest('base64url')}`;
};

describe('IM tokens', () => {
  it("issue OpenIM's claims, URL-safe, distinct per issue, and verify them", async () => {
    const tokens = service();
    const a = await tokens.issue('u1', 5, 3600);
    const b = await tokens.issue('u1', 5, 3600);
    expect(a.token).not.toBe(b.token);
    expect(a.token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(await tokens.verify(a.token)).toEqual({
      userID: 'u1',
      platformID: 5,
      exp: nowSec + 3600,
      iat: nowSec - 5,
      issuedAtMs: NOW_MS,
    });
    expect(tokens.expiresAt(a.token)).toBe(nowSec + 3600);
    expect(tokens.expiresAt('garbage')).toBe(0);
  });

  it.each([
    ['not a JWT', () => 'garbage', 1503],
    ['missing claims', () => signed({ UserID: 'u1', exp: nowSec + 60 }), 1503],
    [
      'a forged signature',
      () => `${signed({ UserID: 'u1', PlatformID: 5, exp: nowSec + 60, iat: nowSec })}x`,
      1505,
    ],
    [
      'issued far in the future',
      () => signed({ UserID: 'u1', PlatformID: 5, exp: nowSec + 600, iat: nowSec + 61 }),
      1504,
    ],
    ['expired', () => signed({ UserID: 'u1', PlatformID: 5, exp: nowSec, iat: nowSec - 60 }), 1501],
    [
      'well signed but never issued',
      () => signed({ UserID: 'u1', PlatformID: 5, exp: nowSec + 60, iat: nowSec }),
      1507,
    ],
  ])('refuse a token %s with its code', async (_name, token, code) => {
    await expect(service().verify(token())).rejects.toMatchObject({ code });
  });

  it('refuse kicked (1506) and revoked (1501) tokens', async () => {
    const tokens = service();
    const kicked = (await tokens.issue('u1', 5, 3600)).token;
    const revoked = (await tokens.issue('u2', 5, 3600)).token;
    tokens.setTokenState(kicked, TokenState.Kicked);
    tokens.setState('u2', undefined, TokenState.Revoked);
    await expect(tokens.verify(kicked)).rejects.toMatchObject({ code: 1506 });
    await expect(tokens.verify(revoked)).rejects.toMatchObject({ code: 1501 });
  });

  it('expire by the injected clock', async () => {
    let now = NOW_MS;
    const tokens = service(() => now);
    const { token } = await tokens.issue('u1', 5, 10);
    now += 10_000;
    await expect(tokens.verify(token)).rejects.toMatchObject({ code: 1501 });
  });

  it("check a token's signature once, its times and store state on every use", async () => {
    let now = NOW_MS;
    const { checked, verify } = countingVerify();
    const tokens = service(() => now, verify);
    const { token } = await tokens.issue('u1', 5, 60);
    const first = await tokens.verify(token);
    expect(await tokens.verify(token)).toEqual(first);
    expect(await tokens.decode(token)).toEqual({
      userID: 'u1',
      platformID: 5,
      exp: nowSec + 60,
      iat: nowSec - 5,
    });
    expect(checked).toEqual([token]);

    tokens.setTokenState(token, TokenState.Kicked);
    await expect(tokens.verify(token)).rejects.toMatchObject({ code: 1506 });
    now += 60_000;
    await expect(tokens.decode(token)).rejects.toMatchObject({ code: 1501 });
    expect(checked).toEqual([token]);
  });

  it('check a token refused once again on its next use, and forget the oldest of 4,096 checked tokens', async () => {
    const { checked, verify } = countingVerify();
    const tokens = service(() => NOW_MS, verify);
    const forged = `${signed({ UserID: 'u1', PlatformID: 5, exp: nowSec + 60, iat: nowSec })}x`;
    await expect(tokens.decode(forged)).rejects.toMatchObject({ code: 1505 });
    await expect(tokens.decode(forged)).rejects.toMatchObject({ code: 1505 });
    expect(checked).toEqual([forged, forged]);

    const many = Array.from({ length: 4097 }, (_, i) =>
      signed({ UserID: `u${i}`, PlatformID: 5, exp: nowSec + 60, iat: nowSec }),
    );
    for (const token of many) await tokens.decode(token);
    checked.length = 0;
    await tokens.decode(many[4096] ?? '');
    await tokens.decode(many[1] ?? '');
    expect(checked).toEqual([]);
    await tokens.decode(many[0] ?? '');
    expect(checked).toEqual([many[0]]);
  });
});
