import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hmacKey, signJwt, verifyJwt } from './jwt';

const key = hmacKey('s3cret');
const NOW_MS = 1_700_000_000_000;
const nowSec = NOW_MS / 1000;
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
/** A token signed by hand, the way this server signed them before jose (so old tokens must still verify). */
const handSigned = (claims: unknown, header: unknown = { alg: 'HS256', typ: 'JWT' }, secret = 's3cret') => {
  const body = `${b64(header)}.${b64(claims)}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
};

describe('HS256 JWTs on jose', () => {
  it('signs exactly the given claims under the {alg, typ} header, as the hand-written signer did', async () => {
    const claims = { UserID: 'u1', PlatformID: 5, exp: nowSec + 60, iat: nowSec - 5 };
    const token = await signJwt(claims, key);
    expect(token).toBe(handSigned(claims));
  });

  it('accepts a valid token and returns its claims', async () => {
    const check = await verifyJwt(handSigned({ UserID: 'u1', exp: nowSec + 1 }), key, { nowMs: NOW_MS });
    expect(check).toEqual({ ok: true, claims: { UserID: 'u1', exp: nowSec + 1 } });
  });

  it.each([
    ['not a JWT', 'garbage', 'malformed'],
    ['undecodable parts', 'a.b.c', 'malformed'],
    ['a payload that is not an object', handSigned([1, 2]), 'malformed'],
    ['no exp', handSigned({ UserID: 'u1' }), 'malformed'],
    ['a string exp', handSigned({ exp: String(nowSec + 60) }), 'malformed'],
    ['another key', handSigned({ exp: nowSec + 60 }, undefined, 'other'), 'signature'],
    ['alg none', `${b64({ alg: 'none' })}.${b64({ exp: nowSec + 60 })}.`, 'algorithm'],
    ['alg HS512', handSigned({ exp: nowSec + 60 }, { alg: 'HS512' }), 'algorithm'],
    ['exp now', handSigned({ exp: nowSec }), 'expired'],
    ['exp past', handSigned({ exp: nowSec - 3600 }), 'expired'],
    ['nbf in the future', handSigned({ exp: nowSec + 60, nbf: nowSec + 1 }), 'not-yet-valid'],
  ])('refuses %s', async (_name, token, failure) => {
    const check = await verifyJwt(token, key, { nowMs: NOW_MS });
    expect(check).toMatchObject({ ok: false, failure });
  });

  it('applies the clock tolerance to nbf only, never to exp', async () => {
    const opts = { nowMs: NOW_MS, notBeforeToleranceSeconds: 5 };
    expect((await verifyJwt(handSigned({ exp: nowSec + 60, nbf: nowSec + 5 }), key, opts)).ok).toBe(true);
    expect(await verifyJwt(handSigned({ exp: nowSec + 60, nbf: nowSec + 6 }), key, opts)).toMatchObject({
      failure: 'not-yet-valid',
    });
    expect(await verifyJwt(handSigned({ exp: nowSec - 2 }), key, opts)).toMatchObject({ failure: 'expired' });
  });
});
