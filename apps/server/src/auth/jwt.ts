import { SignJWT, errors, jwtVerify } from 'jose';

/**
 * HS256 JWTs on `jose`, shared by the IM tokens (`auth/tokens.ts`) and the chat tokens (`chat/accounts.ts`).
 * Each caller maps the outcome to its own codes; the kinds below are the distinctions OpenIM's and chat's
 * middlewares make (1503 malformed, 1505 bad signature or algorithm, 1501 expired, 1504 not valid yet).
 */
export type JwtFailure = 'malformed' | 'algorithm' | 'signature' | 'expired' | 'not-yet-valid';

export type JwtCheck =
  { ok: true; claims: Record<string, unknown> } | { ok: false; failure: JwtFailure; reason: string };

const HEADER = { alg: 'HS256', typ: 'JWT' } as const;
const encoder = new TextEncoder();

/** The secret as jose's HMAC key: its UTF-8 bytes, as `createHmac(secret)` used, so issued tokens stay valid. */
export const hmacKey = (secret: string): Uint8Array => encoder.encode(secret);

/** Signs the claims exactly as given (no claims added); OpenIM's and chat's claim names are the caller's. */
export function signJwt(claims: Record<string, unknown>, key: Uint8Array): Promise<string> {
  return new SignJWT(claims).setProtectedHeader(HEADER).sign(key);
}

export interface VerifyOptions {
  /** Milliseconds since the epoch: the servers' clocks are injectable (tests move them). */
  nowMs: number;
  /** Seconds a `nbf` may lie in the future (clock skew). `exp` is always strict. */
  notBeforeToleranceSeconds?: number;
}

/**
 * Verifies an HS256 JWT: algorithm, signature, then `exp` (required, strict) and `nbf` (optional, with the
 * tolerance). Never throws for a bad token; the outcome says why it is bad.
 */
export async function verifyJwt(token: string, key: Uint8Array, options: VerifyOptions): Promise<JwtCheck> {
  const tolerance = options.notBeforeToleranceSeconds ?? 0;
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      currentDate: new Date(options.nowMs),
      clockTolerance: tolerance,
      requiredClaims: ['exp'],
    });
    // The tolerance is meant for `nbf` only; jose applies it to `exp` too, so `exp` is checked again here.
    if ((payload.exp ?? 0) <= Math.floor(options.nowMs / 1000))
      return { ok: false, failure: 'expired', reason: 'token is expired' };
    return { ok: true, claims: payload };
  } catch (err) {
    return { ok: false, ...failureOf(err) };
  }
}

function failureOf(err: unknown): { failure: JwtFailure; reason: string } {
  if (err instanceof errors.JWTExpired) return { failure: 'expired', reason: 'token is expired' };
  if (err instanceof errors.JWTClaimValidationFailed) {
    // A claim that is present and well-typed but lies in the future; missing or mistyped claims are malformed.
    if (err.reason === 'check_failed' && (err.claim === 'nbf' || err.claim === 'iat'))
      return { failure: 'not-yet-valid', reason: 'token is not valid yet' };
    return { failure: 'malformed', reason: `token claim ${err.claim} is ${err.reason}` };
  }
  if (err instanceof errors.JWSSignatureVerificationFailed)
    return { failure: 'signature', reason: 'token signature is invalid' };
  if (err instanceof errors.JOSEAlgNotAllowed || err instanceof errors.JOSENotSupported)
    return { failure: 'algorithm', reason: 'unsupported token algorithm' };
  if (err instanceof errors.JOSEError) return { failure: 'malformed', reason: 'token is malformed' };
  throw err;
}
