import { map, timer, type Subscription } from 'rxjs';
import { QR_SIGN_IN, qrSignInLink, type DisplayText } from '@teamim/domain';
import type { QrSignInAvailabilityStore } from '../../account/qr-sign-in-availability.store';
import { toAccountFailure, type SessionStarter } from '../../account/sign-in.service';
import type { Clock } from '../../ports/clock.port';
import type { QrCodeState, QrSignInApi, QrSignInCode } from '../../ports/qr-sign-in.port';
import type { RemoteFailure } from '../../shared/remote-error';
import { attempt } from '../../shared/remote-error';
import { StateViewModel } from '../view-model';

/**
 * What the QR tab shows: a code on its way, the code waiting for a scan, who scanned it, the sign-in
 * under way after the confirmation, or an end (expired, cancelled, failed) with a button for a new code.
 */
export type QrSignInPhase =
  'loading' | 'waiting' | 'scanned' | 'signingIn' | 'expired' | 'cancelled' | 'failed';

export interface QrSignInState {
  /** Whether the QR tab is offered at all: only on deployments that have the calls. */
  readonly offered: boolean;
  readonly phase: QrSignInPhase;
  /** What the QR code encodes, also its text alternative; undefined until a code exists or after it ended. */
  readonly link: string | undefined;
  /** The account that scanned the code. */
  readonly scanner: { readonly nickname: string; readonly faceURL: string } | undefined;
  readonly failure: DisplayText | undefined;
  /** Signed in: the page leaves for the app. */
  readonly signedIn: boolean;
}

/** Refusals after which the code is over, so the page offers a new one rather than an error. */
const CODE_OVER = new Set([20301, 20302]);
/** After a network failure the wait is tried again this much later, while the code lives. */
const RETRY_MS = 2_000;

export interface QrSignInDeps {
  readonly api: QrSignInApi;
  /** Keeps the handed-over session where every sign-in keeps it, and starts it. */
  readonly session: SessionStarter;
  readonly clock: Clock;
  readonly availability: QrSignInAvailabilityStore;
  /** The web app's address, e.g. `https://chat.example.com/`; the link points into it. */
  readonly appBaseUrl: string;
  /** "Chrome · Linux": what the confirming device is told about this one. */
  readonly deviceName: string;
}

/**
 * The waiting page of sign-in by QR code (the sign-in screen's QR tab). It makes a code, follows its state
 * by long poll, renews it shortly before it expires (a few times, then it waits for a click as WhatsApp
 * Web does), and once the other device confirms, signs in with the session handed over, as the other
 * methods do. App-level, like the sign-in screen: no session exists yet.
 */
export class QrSignInViewModel extends StateViewModel<QrSignInState> {
  /** Each code gets a new generation; answers about an older code are dropped. */
  private generation = 0;
  private autoRefreshes = 0;
  private renewal: Subscription | undefined;
  private retry: Subscription | undefined;

  private readonly api: QrSignInApi;
  private readonly clock: Clock;

  constructor(private readonly deps: QrSignInDeps) {
    super({
      offered: deps.availability.current === 'available',
      phase: 'loading',
      link: undefined,
      scanner: undefined,
      failure: undefined,
      signedIn: false,
    });
    this.own(
      deps.availability.state$
        .pipe(map((state) => state === 'available'))
        .subscribe((offered) => this.patch({ offered })),
    );
    this.own(() => {
      this.generation += 1;
      this.renewal?.unsubscribe();
      this.retry?.unsubscribe();
    });
    this.api = deps.api;
    this.clock = deps.clock;
    void deps.availability.detect();
  }

  /** The tab is shown: make the first code. Disposing (the tab left) stops following it. */
  start(): void {
    if (this.generation === 0) void this.newCode();
  }

  /** The button after an end: a new code, and a new round of automatic renewals. */
  refresh(): Promise<void> {
    this.autoRefreshes = 0;
    return this.newCode();
  }

  private async newCode(): Promise<void> {
    const generation = ++this.generation;
    this.renewal?.unsubscribe();
    if (this.state.link === undefined) this.patch({ phase: 'loading', failure: undefined });
    const created = await attempt(() => this.api.createCode(this.deps.deviceName));
    if (generation !== this.generation) return;
    if (!created.ok) {
      this.failed(created.error);
      return;
    }
    const code = created.value;
    this.patch({
      phase: 'waiting',
      link: qrSignInLink(this.deps.appBaseUrl, code.code),
      scanner: undefined,
      failure: undefined,
    });
    this.scheduleRenewal(generation, code);
    void this.follow(generation, code);
  }

  /** Shortly before the code expires, while nobody has scanned it, a new one takes its place. */
  private scheduleRenewal(generation: number, code: QrSignInCode): void {
    if (this.autoRefreshes >= QR_SIGN_IN.maxAutoRefreshes) return;
    const due = Math.max(0, code.expiresAt - QR_SIGN_IN.refreshLeadMs - this.clock.now());
    this.renewal = timer(due, this.clock.scheduler).subscribe(() => {
      if (generation !== this.generation || this.state.phase !== 'waiting') return;
      this.autoRefreshes += 1;
      void this.newCode();
    });
  }

  private async follow(generation: number, code: QrSignInCode): Promise<void> {
    let known: QrCodeState | undefined = 'waiting';
    for (;;) {
      const answer = await attempt(() => this.api.waitForChange(code, known));
      if (generation !== this.generation) return;
      if (!answer.ok) {
        const { code: errCode } = answer.error;
        // A network failure says nothing about the code: try again while it lives.
        if (errCode <= 0 && this.clock.now() < code.expiresAt) {
          await new Promise<void>((resolve) => {
            this.retry = timer(RETRY_MS, this.clock.scheduler).subscribe(() => resolve());
          });
          if (generation !== this.generation) return;
          continue;
        }
        if (CODE_OVER.has(errCode) || errCode <= 0) this.ended('expired');
        else this.failed(answer.error);
        return;
      }
      const { state, scanner, session } = answer.value;
      known = state;
      if (state === 'waiting') this.patch({ phase: 'waiting', scanner: undefined });
      else if (state === 'scanned' && scanner !== undefined) {
        this.patch({ phase: 'scanned', scanner: { nickname: scanner.nickname, faceURL: scanner.faceURL } });
      } else if (state === 'confirmed' && session !== undefined) {
        this.patch({ phase: 'signingIn' });
        // Nothing was typed here, so no identifier is remembered for the login form.
        this.deps.session.storeCredentials(session.userID, session.imToken, session.chatToken);
        const started = await this.deps.session.bootstrap();
        if (generation !== this.generation) return;
        if (started.ok) this.patch({ signedIn: true });
        else this.failed(started.error.kind === 'remote' ? started.error : undefined);
        return;
      } else {
        // Expired, cancelled, or confirmed but collected elsewhere: this code is over.
        this.ended(state === 'cancelled' ? 'cancelled' : 'expired');
        return;
      }
    }
  }

  private ended(phase: 'expired' | 'cancelled'): void {
    this.renewal?.unsubscribe();
    this.patch({ phase, link: undefined, scanner: undefined });
  }

  private failed(failure: RemoteFailure | undefined): void {
    this.renewal?.unsubscribe();
    this.patch({
      phase: 'failed',
      link: undefined,
      scanner: undefined,
      failure:
        failure === undefined
          ? { kind: 'i18n', i18nKey: 'toast.accessFailed' }
          : toAccountFailure(failure).display,
    });
  }
}
