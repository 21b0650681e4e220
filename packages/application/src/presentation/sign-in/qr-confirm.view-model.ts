import { err, ok, qrCodeFromScan, qrRequestTime, type DisplayText, type Result } from '@teamim/domain';
import { toAccountFailure } from '../../account/sign-in.service';
import type { Clock } from '../../ports/clock.port';
import type { QrConfirmApi, QrSignInRequest } from '../../ports/qr-sign-in.port';
import { stateFailure, type StateFailure } from '../../shared/app-error';
import { attempt, type RemoteFailure } from '../../shared/remote-error';
import { StateViewModel } from '../view-model';

/**
 * The confirming device's dialog: the camera looking for a code (or a code from an opened link being
 * scanned), what asks to sign in, then the answer.
 */
export type QrConfirmPhase =
  'camera' | 'checking' | 'asking' | 'confirming' | 'confirmed' | 'cancelled' | 'failed';

export interface QrConfirmState {
  readonly phase: QrConfirmPhase;
  /** What asks to sign in: its platform, browser and the time it asked. */
  readonly request: QrSignInRequest | undefined;
  /** When it asked, as the clock shows it here ("14:05"). */
  readonly requestTime: string;
  /** The camera saw a QR code that is not a sign-in code. */
  readonly notASignInCode: boolean;
  readonly failure: DisplayText | undefined;
}

export type QrConfirmError = RemoteFailure | StateFailure;

/**
 * "Scan to sign in" on a signed-in device (the avatar menu, or a sign-in link opened in this browser):
 * it reads a code, tells the waiting page who scanned it, shows what asks to sign in and confirms or
 * declines with this user's own token. Closing the dialog while asked declines, so the other page
 * learns at once instead of waiting for the code to expire.
 */
export class QrConfirmViewModel extends StateViewModel<QrConfirmState> {
  private code: string | undefined;

  /** `code` from an opened link; without it the dialog starts with the camera. */
  constructor(
    code: string | undefined,
    private readonly api: QrConfirmApi,
    private readonly clock: Clock,
  ) {
    super({
      phase: 'camera',
      request: undefined,
      requestTime: '',
      notASignInCode: false,
      failure: undefined,
    });
    if (code !== undefined) void this.scan(code);
  }

  /** What the camera decoded: a sign-in code is scanned, anything else is said to be none. */
  async decoded(text: string): Promise<Result<void, QrConfirmError>> {
    if (this.state.phase !== 'camera') return err(stateFailure('busy'));
    const code = qrCodeFromScan(text);
    if (code === undefined) {
      this.patch({ notASignInCode: true });
      return err(stateFailure('busy'));
    }
    return this.scan(code);
  }

  private async scan(code: string): Promise<Result<void, QrConfirmError>> {
    this.code = code;
    this.patch({ phase: 'checking', notASignInCode: false, failure: undefined });
    const scanned = await attempt(() => this.api.scan(code));
    if (!scanned.ok) return this.fail(scanned.error);
    const { createdAt } = scanned.value;
    this.patch({
      phase: 'asking',
      request: scanned.value,
      requestTime: qrRequestTime(createdAt, this.clock.utcOffsetMinutes(createdAt)),
    });
    return ok(undefined);
  }

  /** Signs the other device in as this user. */
  async confirm(): Promise<Result<void, QrConfirmError>> {
    const code = this.code;
    if (this.state.phase !== 'asking' || code === undefined) return err(stateFailure('busy'));
    this.patch({ phase: 'confirming' });
    const confirmed = await attempt(() => this.api.confirm(code));
    if (!confirmed.ok) return this.fail(confirmed.error);
    this.patch({ phase: 'confirmed' });
    return ok(undefined);
  }

  /** Declines: the waiting page says so, and the code is spent. */
  async cancel(): Promise<Result<void, QrConfirmError>> {
    const code = this.code;
    if (this.state.phase !== 'asking' || code === undefined) return err(stateFailure('busy'));
    this.patch({ phase: 'cancelled' });
    const cancelled = await attempt(() => this.api.cancel(code));
    return cancelled.ok ? ok(undefined) : err(cancelled.error);
  }

  /** After a failure, back to the camera for another code. */
  scanAgain(): void {
    if (this.state.phase !== 'failed') return;
    this.code = undefined;
    this.patch({
      phase: 'camera',
      request: undefined,
      requestTime: '',
      failure: undefined,
      notASignInCode: false,
    });
  }

  private fail(failure: RemoteFailure): Result<never, QrConfirmError> {
    this.patch({ phase: 'failed', failure: toAccountFailure(failure).display });
    return err(failure);
  }
}
