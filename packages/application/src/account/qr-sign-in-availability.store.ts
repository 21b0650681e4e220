import { BehaviorSubject, type Observable } from 'rxjs';
import type { QrSignInApi } from '../ports/qr-sign-in.port';
import type { CapabilityState } from '../session/deployment-capabilities';
import { attempt, MISSING_ROUTE_CODE } from '../shared/remote-error';

/**
 * Whether the deployment has sign-in by QR code, which only our local server offers (a real OpenIM 3.8
 * with chat 1.8 has no such calls): the sign-in page's QR tab and the avatar menu's "Scan to sign in"
 * show only when `available`. Detected as the wallet is: a missing route means `absent`, any other
 * failure leaves `unknown`, so a flaky network never hides the feature for good. App-level: the sign-in
 * page asks before anyone is signed in.
 */
export class QrSignInAvailabilityStore {
  private readonly state = new BehaviorSubject<CapabilityState>('unknown');
  readonly state$: Observable<CapabilityState> = this.state.asObservable();
  private detecting: Promise<CapabilityState> | undefined;

  constructor(private readonly api: QrSignInApi) {}

  get current(): CapabilityState {
    return this.state.value;
  }

  /** Asks the deployment once while the answer is unknown; concurrent callers share the question. */
  detect(): Promise<CapabilityState> {
    if (this.state.value !== 'unknown') return Promise.resolve(this.state.value);
    this.detecting ??= attempt(() => this.api.probe()).then((probed) => {
      this.detecting = undefined;
      const next: CapabilityState = probed.ok
        ? 'available'
        : probed.error.code === MISSING_ROUTE_CODE
          ? 'absent'
          : 'unknown';
      this.state.next(next);
      return next;
    });
    return this.detecting;
  }
}
