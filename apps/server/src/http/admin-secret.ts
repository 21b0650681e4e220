import { timingSafeEqual } from 'node:crypto';
import { type Clock, FailureWindow } from './failure-window';

/** How a check of the admin secret ends; each API words the refusals in its own dialect. */
export type AdminSecretVerdict = 'accepted' | 'refused' | 'blocked';

export interface AdminSecretOptions {
  /** The configured secret. */
  secret: string;
  clock: Clock;
  /** How long a wrong secret counts against its address. */
  windowMs: number;
  /** Wrong secrets an address may send within the window before it is blocked. */
  maxFailures: number;
}

/**
 * The admin secret of `/api/auth/get_admin_token` and of `/chat/admin/*`. Guessing it is a login attempt
 * like any other, so wrong secrets are counted per caller address (spec section 8), and a blocked address
 * is refused even the right secret until its window has passed.
 */
export class AdminSecret {
  private readonly secret: string;
  private readonly failures: FailureWindow;

  constructor(options: AdminSecretOptions) {
    this.secret = options.secret;
    this.failures = new FailureWindow(options.clock, options.windowMs, options.maxFailures);
  }

  /**
   * `given` is `undefined` when the caller presented no secret at all, which counts as a wrong one; an
   * empty string is compared like any other.
   */
  check(given: string | undefined, address: string): AdminSecretVerdict {
    if (this.failures.isBlocked(address)) return 'blocked';
    if (given === undefined || !constantTimeEqual(given, this.secret)) {
      this.failures.record(address);
      return 'refused';
    }
    return 'accepted';
  }
}

/** Equal strings in time that does not depend on where they differ; only a difference in length shows. */
function constantTimeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
