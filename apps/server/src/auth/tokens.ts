import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/database';
import { ErrCode, ImError } from '../im/errors';

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

const b64url = (buf: Buffer | string): string => Buffer.from(buf).toString('base64url');
const HEADER = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

/**
 * HS256 JWTs with OpenIM's claim names (`UserID`, `PlatformID`, `exp`, `iat`), recorded per
 * (userID, platformID) so they can be revoked or kicked. base64url keeps them URL-safe, which
 * matters because the SDK pastes the token raw into the WebSocket query string.
 */
export class TokenService {
  private readonly db: Db;
  private readonly secret: string;
  private readonly now: () => number;
  constructor(db: Db, secret: string, now: () => number) {
    this.db = db;
    this.secret = secret;
    this.now = now;
  }

  private sign(input: string): string {
    return createHmac('sha256', this.secret).update(input).digest('base64url');
  }

  issue(
    userID: string,
    platformID: number,
    expireSeconds: number,
  ): { token: string; expireTimeSeconds: number } {
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
    const body = `${HEADER}.${b64url(JSON.stringify(payload))}`;
    const token = `${body}.${this.sign(body)}`;
    this.db
      .prepare(
        'INSERT OR REPLACE INTO tokens (token, user_id, platform_id, state, expire_time, create_time) VALUES (?, ?, ?, 0, ?, ?)',
      )
      .run(token, userID, platformID, payload.exp * 1000, this.now());
    return { token, expireTimeSeconds: expireSeconds };
  }

  /** Verifies signature, time and store state. Throws ImError with the 1501-1507 code. */
  verify(token: string): TokenClaims {
    const claims = this.decode(token);
    const row = this.db
      .prepare<[string], { state: number; user_id: string; platform_id: number; create_time: number }>(
        'SELECT state, user_id, platform_id, create_time FROM tokens WHERE token = ?',
      )
      .get(token);
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
  decode(token: string): TokenClaims {
    const parts = token.split('.');
    if (parts.length !== 3 || parts.some((p) => p.length === 0 || !/^[A-Za-z0-9_-]+$/.test(p))) {
      throw new ImError(ErrCode.TokenMalformed, 'TokenMalformedError', 'not a JWT');
    }
    const [h, p, s] = parts as [string, string, string];
    let header: unknown;
    let payload: unknown;
    try {
      header = JSON.parse(Buffer.from(h, 'base64url').toString('utf8'));
      payload = JSON.parse(Buffer.from(p, 'base64url').toString('utf8'));
    } catch {
      throw new ImError(ErrCode.TokenMalformed, 'TokenMalformedError', 'undecodable JWT');
    }
    if (!isRecord(header) || !isRecord(payload)) {
      throw new ImError(ErrCode.TokenMalformed, 'TokenMalformedError', 'JWT parts are not objects');
    }
    if (header['alg'] !== 'HS256')
      throw new ImError(ErrCode.TokenUnknown, 'TokenUnknownError', 'unsupported alg');
    const expected = Buffer.from(this.sign(`${h}.${p}`));
    const given = Buffer.from(s);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      throw new ImError(ErrCode.TokenUnknown, 'TokenSignatureInvalidError', 'signature mismatch');
    }
    const userID = payload['UserID'];
    const platformID = payload['PlatformID'];
    const exp = payload['exp'];
    const iat = payload['iat'];
    if (
      typeof userID !== 'string' ||
      typeof platformID !== 'number' ||
      typeof exp !== 'number' ||
      typeof iat !== 'number'
    ) {
      throw new ImError(ErrCode.TokenMalformed, 'TokenMalformedError', 'missing claims');
    }
    const nowSec = this.now() / 1000;
    if (exp <= nowSec) throw new ImError(ErrCode.TokenExpired, 'TokenExpiredError', 'token expired');
    if (iat > nowSec + 60) throw new ImError(ErrCode.TokenNotValidYet, 'TokenNotValidYetError');
    return { userID, platformID, exp, iat };
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

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
