import { createHash, createHmac, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { ErrCode } from './errors';

const SCRYPT_R = 8;
const SCRYPT_P = 1;
const KEY_LEN = 32;

function scryptAsync(secret: string, salt: Buffer, n: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // maxmem must cover 128 * N * r bytes; leave headroom for large N.
    scrypt(
      secret,
      salt,
      KEY_LEN,
      { N: n, r: SCRYPT_R, p: SCRYPT_P, maxmem: 256 * n * SCRYPT_R + 1024 * 1024 },
      (err, key) => (err ? reject(err) : resolve(key)),
    );
  });
}

/** Slow salted hash of a client secret (the MD5 string the client sends); self-describing. */
export async function hashSecret(secret: string, cost: number): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(secret, salt, cost);
  return `scrypt$${cost}$${SCRYPT_R}$${SCRYPT_P}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifySecret(secret: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const n = Number(parts[1]);
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const expected = Buffer.from(parts[5] ?? '', 'base64url');
  if (!Number.isSafeInteger(n) || expected.length !== KEY_LEN) return false;
  const key = await scryptAsync(secret, salt, n);
  return timingSafeEqual(key, expected);
}

export const md5Hex = (s: string): string => createHash('md5').update(s, 'utf8').digest('hex');
export const sha256Hex = (s: string): string => createHash('sha256').update(s, 'utf8').digest('hex');

/**
 * The pay password as the client sends it: MD5 hex of the 6-digit PIN. A raw 6-digit PIN is
 * accepted too (hashed here) because the send path of some client builds does not hash it.
 */
export function normalisePayPassword(raw: string): string | undefined {
  if (/^\d{6}$/.test(raw)) return md5Hex(raw);
  if (/^[0-9a-fA-F]{32}$/.test(raw)) return raw.toLowerCase();
  return undefined;
}

const b64url = (buf: Buffer | string): string => Buffer.from(buf).toString('base64url');

export interface ChatTokenClaims {
  UserID: string;
  /** 1 user, 2 admin (as chat's tokens). */
  UserType: number;
  PlatformID: number;
  /** Revocation epoch of the account; a token with an older epoch is refused. */
  Epoch: number;
  iat: number;
  nbf: number;
  exp: number;
}

const JWT_HEADER = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

export function signJwt(claims: object, secret: string): string {
  const body = `${JWT_HEADER}.${b64url(JSON.stringify(claims))}`;
  const sig = createHmac('sha256', secret).update(body).digest('base64url');
  return `${body}.${sig}`;
}

export type JwtCheck =
  { ok: true; claims: Record<string, unknown> } | { ok: false; errCode: number; reason: string };

/** Verifies an HS256 JWT; maps failures to the chat middleware's codes (1503/1505/1501/1504). */
export function verifyJwt(token: string, secret: string, nowSeconds: number): JwtCheck {
  const parts = token.split('.');
  if (parts.length !== 3 || parts.some((p) => !/^[A-Za-z0-9_-]+$/.test(p))) {
    return { ok: false, errCode: ErrCode.TokenMalformed, reason: 'token is malformed' };
  }
  const [h, p, s] = parts as [string, string, string];
  const expected = createHmac('sha256', secret).update(`${h}.${p}`).digest();
  const given = Buffer.from(s, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, errCode: ErrCode.TokenUnknown, reason: 'token signature is invalid' };
  }
  let header: unknown;
  let claims: unknown;
  try {
    header = JSON.parse(Buffer.from(h, 'base64url').toString('utf8'));
    claims = JSON.parse(Buffer.from(p, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, errCode: ErrCode.TokenMalformed, reason: 'token is malformed' };
  }
  if (typeof header !== 'object' || header === null || (header as { alg?: unknown }).alg !== 'HS256') {
    return { ok: false, errCode: ErrCode.TokenMalformed, reason: 'unsupported token algorithm' };
  }
  if (typeof claims !== 'object' || claims === null)
    return { ok: false, errCode: ErrCode.TokenMalformed, reason: 'token is malformed' };
  const c = claims as Record<string, unknown>;
  if (typeof c.exp !== 'number' || c.exp <= nowSeconds)
    return { ok: false, errCode: ErrCode.TokenExpired, reason: 'token is expired' };
  if (typeof c.nbf === 'number' && c.nbf > nowSeconds + 5)
    return { ok: false, errCode: ErrCode.TokenNotValidYet, reason: 'token is not valid yet' };
  return { ok: true, claims: c };
}
