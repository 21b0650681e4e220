import { Subject, filter, firstValueFrom, map, merge, take, timer } from 'rxjs';
import type { AccountSession } from '../ports/account-api.port';
import type { Clock } from '../ports/clock.port';
import {
  QrConfirmApi,
  QrSignInApi,
  type QrCodeState,
  type QrScanner,
  type QrSignInCode,
  type QrSignInRequest,
  type QrWaitResult,
} from '../ports/qr-sign-in.port';
import { MISSING_ROUTE_CODE, RemoteError } from '../shared/remote-error';

interface FakeCode {
  readonly code: QrSignInCode;
  readonly deviceName: string;
  readonly createdAt: number;
  state: Exclude<QrCodeState, 'expired'>;
  scanner?: QrScanner;
  session?: AccountSession;
}

const TTL_MS = 120_000;

/**
 * The local server's QR sign-in calls in memory (docs/server.md): codes expire after two minutes, only
 * the scanner confirms or cancels, the confirmed session goes to the first wait that sees it. Waits are
 * answered on a change or at the code's expiry, on the test's clock.
 */
export class FakeQrSignInServer {
  private readonly codes = new Map<string, FakeCode>();
  private readonly changes = new Subject<string>();
  private seq = 0;
  /** Sessions the fake hands out on confirmation, by user. */
  private readonly users = new Map<string, QrScanner>();
  /** False: the deployment has no such calls (a real chat 1.8), every call misses its route. */
  available = true;
  /** Codes created so far, newest last. */
  readonly created: QrSignInCode[] = [];
  /** The next create, wait, scan, confirm or cancel fails with this code (then it is cleared). */
  failNext: number | undefined;
  /** The next answer of a wait (one already under way too) is lost to the network. */
  loseNextAnswer = false;

  constructor(private readonly clock: Clock) {}

  addUser(user: QrScanner): this {
    this.users.set(user.userID, user);
    return this;
  }

  private check(): void {
    if (!this.available) throw new RemoteError(MISSING_ROUTE_CODE, 'no such route (HTTP 404)');
    const code = this.failNext;
    if (code !== undefined) {
      this.failNext = undefined;
      throw new RemoteError(code, 'refused');
    }
  }

  private stateOf(entry: FakeCode): QrCodeState {
    if (entry.state === 'confirmed' || entry.state === 'cancelled') return entry.state;
    return this.clock.now() >= entry.code.expiresAt ? 'expired' : entry.state;
  }

  private live(code: string, callerID: string): FakeCode {
    const entry = this.codes.get(code);
    if (entry === undefined) throw new RemoteError(20301, 'no such sign-in code, or it was used');
    const state = this.stateOf(entry);
    if (state === 'expired') throw new RemoteError(20302, 'this sign-in code has expired');
    if (state !== 'waiting' && state !== 'scanned') throw new RemoteError(20301, 'already used');
    if (entry.scanner !== undefined && entry.scanner.userID !== callerID)
      throw new RemoteError(20303, 'another account scanned this sign-in code');
    return entry;
  }

  private answer(entry: FakeCode): QrWaitResult {
    const state = this.stateOf(entry);
    const session = state === 'confirmed' ? entry.session : undefined;
    if (state !== 'waiting' && state !== 'scanned') this.codes.delete(entry.code.code);
    return { state, expiresAt: entry.code.expiresAt, scanner: entry.scanner, session };
  }

  create(deviceName: string): QrSignInCode {
    this.check();
    const now = this.clock.now();
    const code: QrSignInCode = {
      code: `code${String(++this.seq).padStart(28, '0')}`,
      secret: `secret-${this.seq}`,
      expiresAt: now + TTL_MS,
    };
    this.codes.set(code.code, { code, deviceName, createdAt: now, state: 'waiting' });
    this.created.push(code);
    return code;
  }

  async wait(code: QrSignInCode, known: QrCodeState | undefined): Promise<QrWaitResult> {
    this.check();
    const entry = this.codes.get(code.code);
    if (entry === undefined) throw new RemoteError(20301, 'no such sign-in code, or it was used');
    if (entry.code.secret !== code.secret) throw new RemoteError(1002, 'wrong secret');
    if (known !== undefined && known === this.stateOf(entry)) {
      const left = Math.max(0, entry.code.expiresAt - this.clock.now());
      await firstValueFrom(
        merge(
          this.changes.pipe(filter((changed) => changed === code.code)),
          timer(left, this.clock.scheduler).pipe(map(() => code.code)),
        ).pipe(take(1)),
      );
    }
    if (this.loseNextAnswer) {
      this.loseNextAnswer = false;
      throw new RemoteError(-1, 'network error');
    }
    return this.answer(entry);
  }

  scan(userID: string, code: string): QrSignInRequest {
    this.check();
    const entry = this.live(code, userID);
    if (entry.state === 'waiting') {
      entry.scanner = this.users.get(userID) ?? { userID, nickname: userID, faceURL: '' };
      entry.state = 'scanned';
      this.changes.next(code);
    }
    return {
      platform: 5,
      deviceName: entry.deviceName,
      createdAt: entry.createdAt,
      expiresAt: entry.code.expiresAt,
    };
  }

  confirm(userID: string, code: string): void {
    this.check();
    const entry = this.live(code, userID);
    if (entry.state !== 'scanned') throw new RemoteError(1002, 'scan the code before confirming');
    entry.state = 'confirmed';
    entry.session = { userID, imToken: `im-${userID}-${code}`, chatToken: `chat-${userID}-${code}` };
    this.changes.next(code);
  }

  cancel(userID: string, code: string): void {
    this.check();
    this.live(code, userID).state = 'cancelled';
    this.changes.next(code);
  }

  probe(): void {
    this.check();
  }

  /** The waiting page's side. */
  readonly waitingPage: QrSignInApi = new FakeQrSignInApi(this);

  /** The confirming device's side, signed in as `userID`. */
  confirmingDevice(userID: string): QrConfirmApi {
    return new FakeQrConfirmApi(this, userID);
  }
}

class FakeQrSignInApi extends QrSignInApi {
  constructor(private readonly server: FakeQrSignInServer) {
    super();
  }
  createCode(deviceName: string): Promise<QrSignInCode> {
    return new Promise((resolve) => resolve(this.server.create(deviceName)));
  }
  waitForChange(code: QrSignInCode, known: QrCodeState | undefined): Promise<QrWaitResult> {
    return this.server.wait(code, known);
  }
  probe(): Promise<void> {
    return new Promise((resolve) => resolve(this.server.probe()));
  }
}

class FakeQrConfirmApi extends QrConfirmApi {
  constructor(
    private readonly server: FakeQrSignInServer,
    private readonly userID: string,
  ) {
    super();
  }
  scan(code: string): Promise<QrSignInRequest> {
    return new Promise((resolve) => resolve(this.server.scan(this.userID, code)));
  }
  confirm(code: string): Promise<void> {
    return new Promise((resolve) => resolve(this.server.confirm(this.userID, code)));
  }
  cancel(code: string): Promise<void> {
    return new Promise((resolve) => resolve(this.server.cancel(this.userID, code)));
  }
}
