import { randomBytes } from 'node:crypto';
import { decodeJwt } from 'jose';
import type { Db } from '../db/database';
import { ErrCode, ImError } from '../im/errors';
import { prep } from '../im/statements';
import { type JwtFailure, hmacKey, signJwt, verifyJwt } from './jwt';

/** How many verified tokens keep their checked claims (a few per signed-in device). */
const CHECKED_TOKENS = 4096;

export interface TokenClaims {
  userID: string;
  platformID: number;
  /** Expiry, unix seconds. */
  exp: number;
  /** Issued at, unix seconds. */
  iat: number;
  /** Issued at in ms, from this server's token store (verify only): orders logins within one second. */
  issuedAtMs?: number;
}

export const TokenState = { Normal: 0, Revoked: 1, Kicked: 2 } as const;

/**
 * HS256 JWTs (signed and checked by `jose`, see `jwt.ts`) with OpenIM's claim names (`UserID`, `PlatformID`,
 * `exp`, `iat`), recorded per (userID, platformID) so they can be revoked or kicked. base64url keeps them
 * URL-safe, which matters because the SDK pastes the token raw into the WebSocket query string.
 */
export class TokenService {
  private readonly db: Db;
  private readonly key: Uint8Array;
  private readonly now: () => number;
  private readonly verifyJwt: typeof verifyJwt;
  /**
   * Tokens whose signature and claims were checked, by their exact text. The SDK and the app send the same
   * token with every request (a first sync makes hundreds), and the HMAC check through WebCrypto was a tenth
   * of the server's work for a sign-in. The time checks still run on every use; the store state is still
   * read every time (a kicked or revoked token is refused at once).
   */
  private readonly checked = new Map<string, TokenClaims>();
  constructor(db: Db, secret: string, now: () => number, verify: typeof verifyJwt = verifyJwt) {
    this.db = db;
    this.key = hmacKey(secret);
    this.now = now;
    this.verifyJwt = verify;
  }

  async issue(
    userID: string,
    platformID: number,
    expireSeconds: number,
  ): Promise<{ token: string; expireTimeSeconds: number }> {
    const nowSec = Math.floor(this.now() / 1000);
    // iat is backdated like the reference server does, to tolerate small clock skew.
    // jti makes every issue distinct, so two logins in the same second get different tokens (multi-login, revocation).
    const payload = {
      UserID: userID,
      PlatformID: platformID,
      exp: nowSec + expireSeconds,
      iat: nowSec - 5,
      jti: randomBytes(8).toString('hex'),
    };
    const token = await signJwt(payload, this.key);
    this.db
      .prepare(
        'INSERT OR REPLACE INTO tokens (token, user_id, platform_id, state, expire_time, create_time) VALUES (?, ?, ?, 0, ?, ?)',
      )
      .run(token, userID, platformID, payload.exp * 1000, this.now());
    return { token, expireTimeSeconds: expireSeconds };
  }

  /** Verifies signature, time and store state. Rejects with ImError with the 1501-1507 code. */
  async verify(token: string): Promise<TokenClaims> {
    const claims = await this.decode(token);
    const row = prep<[string], { state: number; user_id: string; platform_id: number; create_time: number }>(
      this.db,
      'SELECT state, user_id, platform_id, create_time FROM tokens WHERE token = ?',
    ).get(token);
    if (!row)
      throw new ImError(ErrCode.TokenNotExist, 'TokenNotExistError', 'token was not issued by this server');
    if (row.state === TokenState.Kicked)
      throw new ImError(ErrCode.TokenKicked, 'TokenKickedError', 'token was kicked');
    // A revoked token is reported as expired so the client asks for a new one (OnUserTokenExpired).
    if (row.state === TokenState.Revoked)
      throw new ImError(ErrCode.TokenExpired, 'TokenExpiredError', 'token was revoked');
    if (row.state !== TokenState.Normal) throw new ImError(ErrCode.TokenUnknown, 'TokenUnknownError');
    return { ...claims, issuedAtMs: row.create_time };
  }

  /** Signature and time checks only. */
  async decode(token: string): Promise<TokenClaims> {
    const nowMs = this.now();
    const known = this.checked.get(token);
    if (known !== undefined) return { ...checkTimes(known, nowMs) };
    const check = await this.verifyJwt(token, this.key, { nowMs });
    if (!check.ok) {
      const [code, name] = FAILURES[check.failure];
      throw new ImError(code, name, check.reason);
    }
    const { UserID: userID, PlatformID: platformID, exp, iat } = check.claims;
    if (
      typeof userID !== 'string' ||
      typeof platformID !== 'number' ||
      typeof exp !== 'number' ||
      typeof iat !== 'number'
    ) {
      throw new ImError(ErrCode.TokenMalformed, 'TokenMalformedError', 'missing claims');
    }
    const claims = checkTimes({ userID, platformID, exp, iat }, nowMs);
    if (this.checked.size >= CHECKED_TOKENS) {
      const oldest = this.checked.keys().next();
      if (oldest.done !== true) this.checked.delete(oldest.value);
    }
    this.checked.set(token, claims);
    return { ...claims };
  }

  /**
   * The `exp` (unix seconds) of a token verified before, read without checking it again (the expiry sweep
   * over live sessions); 0 for anything that is not a JWT with a numeric `exp`, which the sweep ends.
   */
  expiresAt(token: string): number {
    try {
      const { exp } = decodeJwt(token);
      return typeof exp === 'number' ? exp : 0;
    } catch {
      return 0;
    }
  }

  /** Marks tokens of a user (optionally one platform, optionally all but one token) with a state. */
  setState(userID: string, platformID: number | undefined, state: number, exceptToken?: string): number {
    const res = this.db
      .prepare(
        `UPDATE tokens SET state = ? WHERE user_id = ? AND state = 0
         AND (? IS NULL OR platform_id = ?) AND (? IS NULL OR token <> ?)`,
      )
      .run(state, userID, platformID ?? null, platformID ?? null, exceptToken ?? null, exceptToken ?? null);
    return res.changes;
  }

  /** Sets the state of one token (e.g. kicked by the multi-login policy). */
  setTokenState(token: string, state: number): void {
    this.db.prepare('UPDATE tokens SET state = ? WHERE token = ? AND state = 0').run(state, token);
  }

  /** Drops rows of tokens that expired long ago, keeping the store small. */
  prune(): void {
    this.db.prepare('DELETE FROM tokens WHERE expire_time < ?').run(this.now() - 86_400_000);
  }
}

/** The checks that depend on the clock: `exp` is strict, `iat` may lie up to a minute ahead (skew). */
function checkTimes(claims: TokenClaims, nowMs: number): TokenClaims {
  if (claims.exp <= Math.floor(nowMs / 1000))
    throw new ImError(ErrCode.TokenExpired, 'TokenExpiredError', 'token is expired');
  if (claims.iat > nowMs / 1000 + 60) throw new ImError(ErrCode.TokenNotValidYet, 'TokenNotValidYetError');
  return claims;
}

/** OpenIM's codes and error names for each way a JWT can be bad. */
const FAILURES: Record<JwtFailure, [number, string]> = {
  malformed: [ErrCode.TokenMalformed, 'TokenMalformedError'],
  algorithm: [ErrCode.TokenUnknown, 'TokenUnknownError'],
  signature: [ErrCode.TokenUnknown, 'TokenSignatureInvalidError'],
  expired: [ErrCode.TokenExpired, 'TokenExpiredError'],
  'not-yet-valid': [ErrCode.TokenNotValidYet, 'TokenNotValidYetError'],
};
