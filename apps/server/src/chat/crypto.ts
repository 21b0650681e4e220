import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

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

/**
 * The pay password as the client sends it: MD5 hex of the 6-digit PIN. A raw 6-digit PIN is
 * accepted too (hashed here) because the send path of some client builds does not hash it.
 */
export function normalisePayPassword(raw: string): string | undefined {
  if (/^\d{6}$/.test(raw)) return md5Hex(raw);
  if (/^[0-9a-fA-F]{32}$/.test(raw)) return raw.toLowerCase();
  return undefined;
}

/** A type (not an interface) so that it is a plain claims record for `signJwt`. */
export type ChatTokenClaims = {
  UserID: string;
  /** 1 user, 2 admin (as chat's tokens). */
  UserType: number;
  PlatformID: number;
  /** Revocation epoch of the account; a token with an older epoch is refused. */
  Epoch: number;
  iat: number;
  nbf: number;
  exp: number;
};
