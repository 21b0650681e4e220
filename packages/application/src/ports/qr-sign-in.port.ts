import type { AccountSession } from './account-api.port';

/** Where a sign-in code stands: the waiting page shows each (the server's `state`). */
export type QrCodeState = 'waiting' | 'scanned' | 'confirmed' | 'cancelled' | 'expired';

/** A code the waiting page shows; the secret stays with the page and proves it is the one waiting. */
export interface QrSignInCode {
  readonly code: string;
  readonly secret: string;
  /** Epoch ms after which the server refuses the code. */
  readonly expiresAt: number;
}

/** The account that scanned the code, shown on the waiting page ("confirm on your other device"). */
export interface QrScanner {
  readonly userID: string;
  readonly nickname: string;
  readonly faceURL: string;
}

export interface QrWaitResult {
  readonly state: QrCodeState;
  readonly expiresAt: number;
  readonly scanner: QrScanner | undefined;
  /** Only with `confirmed`, and only to the first wait that sees it. */
  readonly session: AccountSession | undefined;
}

/** What asks to sign in, shown on the confirming device before it confirms. */
export interface QrSignInRequest {
  /** The OpenIM platform the new session will have (5 web, 3 Windows, …). */
  readonly platform: number;
  /** "Chrome · Linux", as the waiting page described itself; may be empty. */
  readonly deviceName: string;
  readonly createdAt: number;
  readonly expiresAt: number;
}

/**
 * The waiting page's side of sign-in by QR code (no session yet). Rejects with a RemoteError; a
 * deployment without these calls rejects with MISSING_ROUTE_CODE (OpenIM's chat 1.8 has none).
 */
export abstract class QrSignInApi {
  /** A new code for this device, described as `deviceName`. */
  abstract createCode(deviceName: string): Promise<QrSignInCode>;
  /** Answers once the state differs from `known` (at once without it), or after a while unchanged. */
  abstract waitForChange(code: QrSignInCode, known: QrCodeState | undefined): Promise<QrWaitResult>;
  /** Whether the deployment has these calls, without making a code (MISSING_ROUTE_CODE when not). */
  abstract probe(): Promise<void>;
}

/** The confirming device's side: the signed-in user's own token authorises each call. */
export abstract class QrConfirmApi {
  abstract scan(code: string): Promise<QrSignInRequest>;
  abstract confirm(code: string): Promise<void>;
  abstract cancel(code: string): Promise<void>;
}
