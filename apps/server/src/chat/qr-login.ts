import { randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { FailureWindow } from '../http/failure-window';
import type { ChatContext } from './context';
import { ChatError, ErrCode } from './errors';
import { jsonInt } from './validation';

/** After a confirmation the waiting page has this long to collect its session, whatever the code's age. */
const COLLECT_MS = 30_000;
/** Codes pending at once; beyond it creation answers 20005 rather than let memory grow. */
const MAX_PENDING = 10_000;
/** The window of the per-address limits on creation and on guesses. */
const LIMIT_WINDOW_MS = 600_000;

export type QrState = 'waiting' | 'scanned' | 'confirmed' | 'cancelled' | 'expired';
const STATES = ['waiting', 'scanned', 'confirmed', 'cancelled', 'expired'] as const;

/** Unguessable, URL-safe: 24 random bytes for the code, 32 for the secret. */
const TOKEN = (bytes: number) =>
  z
    .string()
    .length(Math.ceil((bytes * 4) / 3), 'is malformed')
    .regex(/^[A-Za-z0-9_-]+$/, 'is malformed');
const codeField = TOKEN(24);
const secretField = TOKEN(32);
const CONTROL = /\p{Cc}/u;

export const qrCreateSchema = z.object({
  // Users sign in on platforms 1-9; 10 is the admin platform.
  platform: jsonInt.pipe(z.number().min(1, 'must be 1-9').max(9, 'must be 1-9')),
  /** What the confirming device shows, e.g. "Chrome on Linux"; never trusted for anything else. */
  deviceName: z
    .string()
    .trim()
    .max(64, 'is at most 64 characters')
    .refine((s) => !CONTROL.test(s), 'must not contain control characters')
    .optional(),
});
export const qrWaitSchema = z.object({
  code: codeField,
  secret: secretField,
  /** The state the page already shows: the answer waits until it changes (long poll). */
  known: z.enum(STATES).optional(),
});
export const qrCodeSchema = z.object({ code: codeField });

interface Scanner {
  userID: string;
  nickname: string;
  faceURL: string;
}

interface QrSession {
  userID: string;
  imToken: string;
  chatToken: string;
}

interface Entry {
  code: string;
  secret: Buffer;
  platform: number;
  deviceName: string;
  createdAt: number;
  expiresAt: number;
  state: Exclude<QrState, 'expired'>;
  scanner?: Scanner;
  session?: QrSession;
  waiters: Set<() => void>;
}

/** What the waiting page learns: its state, who scanned, and once confirmed the new session (once). */
export interface QrWaitAnswer {
  state: QrState;
  expireTime: number;
  user?: Scanner;
  session?: QrSession;
}

/** What the confirming device is shown before it confirms. */
export interface QrScanAnswer {
  platform: number;
  deviceName: string;
  createTime: number;
  expireTime: number;
}

export interface QrLoginOptions {
  /** How long a code may be scanned and confirmed (`--qr-code-seconds`, two minutes by default). */
  codeTtlMs: number;
  /** Longest a wait is held open (under the client's 25 s request timeout). */
  waitMs: number;
  /** Codes one address may create per ten minutes. */
  createsPerIp: number;
  /** Wrong secrets and unknown codes one address (or user) may send per ten minutes. */
  guessesPerIp: number;
  /** Mints the new session of the confirming user on the waiting page's platform, as any sign-in does. */
  issueTokens(userID: string, platform: number): Promise<QrSession>;
}

/**
 * Sign-in by QR code, as device linking works in WhatsApp, Discord or Telegram: a page that is not
 * signed in creates a code and a secret (the code goes into the QR, the secret stays with the page), a
 * signed-in user scans the code and confirms, and the page, proving it holds the secret, collects a new
 * session of that user. Codes live in memory only: they last two minutes (by default) and a restart may drop them.
 * Nothing here logs a code, a secret or a token.
 */
export class QrLoginService {
  private readonly entries = new Map<string, Entry>();
  private readonly creates: FailureWindow;
  private readonly guesses: FailureWindow;

  constructor(
    private readonly ctx: ChatContext,
    private readonly options: QrLoginOptions,
  ) {
    this.creates = new FailureWindow(ctx.clock, LIMIT_WINDOW_MS, options.createsPerIp);
    this.guesses = new FailureWindow(ctx.clock, LIMIT_WINDOW_MS, options.guessesPerIp);
  }

  create(
    input: z.output<typeof qrCreateSchema>,
    ip: string,
  ): { code: string; secret: string; expireTime: number } {
    this.sweep();
    if (this.creates.isBlocked(ip) || this.entries.size >= MAX_PENDING)
      throw new ChatError(ErrCode.TooFrequent, 'too many sign-in codes, try again later');
    this.creates.record(ip);
    const code = randomBytes(24).toString('base64url');
    const secret = randomBytes(32);
    const now = this.ctx.clock.now();
    this.entries.set(code, {
      code,
      secret,
      platform: input.platform,
      deviceName: input.deviceName ?? '',
      createdAt: now,
      expiresAt: now + this.options.codeTtlMs,
      state: 'waiting',
      waiters: new Set(),
    });
    return { code, secret: secret.toString('base64url'), expireTime: now + this.options.codeTtlMs };
  }

  /** The waiting page's long poll: answers at once when the state differs from `known`, else on a change. */
  async wait(input: z.output<typeof qrWaitSchema>, ip: string): Promise<QrWaitAnswer> {
    const entry = this.ownEntry(input.code, input.secret, ip);
    if (input.known !== undefined && input.known === this.stateOf(entry)) {
      const left = entry.expiresAt - this.ctx.clock.now();
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          entry.waiters.delete(done);
          resolve();
        };
        const timer = setTimeout(done, Math.max(0, Math.min(this.options.waitMs, left)));
        entry.waiters.add(done);
      });
    }
    const state = this.stateOf(entry);
    const answer: QrWaitAnswer = { state, expireTime: entry.expiresAt };
    if (entry.scanner) answer.user = entry.scanner;
    if (state === 'confirmed' && entry.session && this.entries.get(entry.code) === entry) {
      // One-time: the session goes to the first wait that sees the confirmation, and the code is gone.
      answer.session = entry.session;
      this.entries.delete(entry.code);
    }
    // An expired code stays until the sweep, so that its scanner, confirming late, hears that it expired.
    if (state === 'cancelled') this.entries.delete(entry.code);
    return answer;
  }

  /** A signed-in user scans the code: the page shows who, and the user sees what asks to sign in. */
  scan(callerID: string, code: string, ip: string): QrScanAnswer {
    const entry = this.scannable(callerID, code, ip);
    if (entry.state === 'waiting') {
      const user = this.ctx.im.getUser(callerID);
      if (!user) throw new ChatError(ErrCode.AccountNotFound, 'no such user');
      entry.scanner = { userID: user.userID, nickname: user.nickname, faceURL: user.faceURL };
      this.change(entry, 'scanned');
    }
    return {
      platform: entry.platform,
      deviceName: entry.deviceName,
      createTime: entry.createdAt,
      expireTime: entry.expiresAt,
    };
  }

  /** The scanning user confirms: a new session of theirs is made for the waiting page's platform. */
  async confirm(callerID: string, code: string, ip: string): Promise<void> {
    const entry = this.scannable(callerID, code, ip);
    if (entry.state !== 'scanned')
      throw new ChatError(ErrCode.NoPermission, 'scan the code before confirming');
    entry.state = 'confirmed';
    try {
      entry.session = await this.options.issueTokens(callerID, entry.platform);
    } catch (err) {
      entry.state = 'scanned';
      throw err;
    }
    entry.expiresAt = Math.max(entry.expiresAt, this.ctx.clock.now() + COLLECT_MS);
    this.change(entry, 'confirmed');
  }

  /** The scanning user declines: the code is spent and the page says so. */
  cancel(callerID: string, code: string, ip: string): void {
    const entry = this.scannable(callerID, code, ip);
    this.change(entry, 'cancelled');
  }

  /** Clears pending waits (server shutdown). */
  close(): void {
    for (const entry of this.entries.values()) for (const wake of [...entry.waiters]) wake();
    this.entries.clear();
  }

  private stateOf(entry: Entry): QrState {
    if (entry.state === 'confirmed' || entry.state === 'cancelled') return entry.state;
    return this.ctx.clock.now() >= entry.expiresAt ? 'expired' : entry.state;
  }

  private change(entry: Entry, state: Entry['state']): void {
    entry.state = state;
    for (const wake of [...entry.waiters]) wake();
  }

  private guessed(key: string): never {
    this.guesses.record(key);
    throw new ChatError(ErrCode.QrCodeNotFound, 'no such sign-in code, or it was used');
  }

  private limitGuesses(key: string): void {
    if (this.guesses.isBlocked(key))
      throw new ChatError(ErrCode.TooFrequent, 'too many unknown sign-in codes, try again later');
  }

  private ownEntry(code: string, secret: string, ip: string): Entry {
    this.limitGuesses(ip);
    const entry = this.entries.get(code);
    if (!entry) return this.guessed(ip);
    const given = Buffer.from(secret, 'base64url');
    if (given.length !== entry.secret.length || !timingSafeEqual(given, entry.secret)) {
      this.guesses.record(ip);
      throw new ChatError(ErrCode.NoPermission, 'wrong secret for this sign-in code');
    }
    return entry;
  }

  /** A code the caller may act on: live, not spent, and scanned by nobody else. */
  private scannable(callerID: string, code: string, ip: string): Entry {
    const key = `user:${callerID}`;
    this.limitGuesses(key);
    this.limitGuesses(ip);
    const entry = this.entries.get(code);
    if (!entry) {
      this.guesses.record(ip);
      return this.guessed(key);
    }
    const state = this.stateOf(entry);
    if (state === 'expired') throw new ChatError(ErrCode.QrCodeExpired, 'this sign-in code has expired');
    if (state === 'confirmed' || state === 'cancelled')
      throw new ChatError(ErrCode.QrCodeNotFound, 'this sign-in code was already used');
    if (entry.scanner !== undefined && entry.scanner.userID !== callerID)
      throw new ChatError(ErrCode.QrCodeTaken, 'another account scanned this sign-in code');
    return entry;
  }

  private sweep(): void {
    const now = this.ctx.clock.now();
    for (const entry of this.entries.values()) {
      if (entry.expiresAt + COLLECT_MS <= now && entry.waiters.size === 0) this.entries.delete(entry.code);
    }
  }
}
