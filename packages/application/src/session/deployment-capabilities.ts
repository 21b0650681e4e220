import { BehaviorSubject, type Observable } from 'rxjs';
import type { ChatApi } from '../ports/chat-api.port';
import type { Logger } from '../ports/logger.port';
import type { MediaServerProbe } from '../ports/media-server-probe.port';
import type { WalletApi } from '../ports/wallet-api.port';
import { attempt, MISSING_ROUTE_CODE, type RemoteFailure } from '../shared/remote-error';

/**
 * Whether the deployment has a feature: `unknown` until configured or detected. Views show a feature
 * only when `available`, and hide it (rather than break it) when `absent`.
 */
export type CapabilityState = 'available' | 'absent' | 'unknown';

export interface DeploymentFeatures {
  /** The wallet and red-packet API (`/app/*`), which only our local server has. */
  readonly wallet: CapabilityState;
  /**
   * One-to-one calls: the chat API hands out RTC room tokens with a media server address, and something
   * answers at that address (or the configuration says calls work).
   */
  readonly calls: CapabilityState;
}

/** What configuration says up front; `auto` (the default) means detect after sign-in. */
export interface DeploymentHints {
  readonly wallet?: boolean | 'auto';
  readonly calls?: boolean | 'auto';
}

const fromHint = (hint: boolean | 'auto' | undefined): CapabilityState =>
  hint === true ? 'available' : hint === false ? 'absent' : 'unknown';

/** The room a probe asks access for; a room token is only a signed grant, nobody joins it. */
export const CAPABILITY_PROBE_ROOM = 'capability-probe';

/**
 * Which optional features the connected deployment has (a real OpenIM 3.8 + chat 1.8 has neither the
 * wallet nor, without LiveKit, calls). `features$` is hot and replays. `detect` asks the deployment
 * once per session for whatever configuration left `unknown`: a missing route (plain-text 404), a
 * refused room token, or a media server nothing answers at means `absent`; any other failure leaves
 * `unknown` so a flaky network never hides a feature for good.
 */
export class DeploymentCapabilities {
  private readonly features: BehaviorSubject<DeploymentFeatures>;
  readonly features$: Observable<DeploymentFeatures>;

  private hints: DeploymentHints = {};

  constructor(
    private readonly walletApi: WalletApi,
    private readonly chatApi: ChatApi,
    private readonly logger: Logger,
    private readonly mediaServer: MediaServerProbe,
  ) {
    this.features = new BehaviorSubject(this.initial());
    this.features$ = this.features.asObservable();
  }

  /** The composition root's configuration (e.g. `config.json` `features`); call before sign-in. */
  configure(hints: DeploymentHints): void {
    this.hints = hints;
    this.features.next(this.initial());
  }

  get current(): DeploymentFeatures {
    return this.features.value;
  }

  private initial(): DeploymentFeatures {
    return { wallet: fromHint(this.hints.wallet), calls: fromHint(this.hints.calls) };
  }

  /** Asks the deployment about each feature still unknown; `selfUserID` is the signed-in user. */
  async detect(selfUserID: string): Promise<DeploymentFeatures> {
    const { wallet, calls } = this.features.value;
    const [walletState, callsState] = await Promise.all([
      wallet === 'unknown' ? this.probeWallet() : Promise.resolve(wallet),
      calls === 'unknown' ? this.probeCalls(selfUserID) : Promise.resolve(calls),
    ]);
    this.patch({ wallet: walletState, calls: callsState });
    return this.features.value;
  }

  /** A wallet call failed: a missing route means the deployment has no wallet after all. */
  noteWalletFailure(failure: RemoteFailure): void {
    if (failure.code === MISSING_ROUTE_CODE) this.patch({ wallet: 'absent' });
  }

  /** A probe that answers after the session ended changes nothing. */
  dispose(): void {
    this.features.complete();
  }

  private async probeWallet(): Promise<CapabilityState> {
    const balance = await attempt(() => this.walletApi.getBalance());
    if (balance.ok) return 'available';
    this.logger.info('wallet probe failed', { code: balance.error.code });
    return balance.error.code === MISSING_ROUTE_CODE ? 'absent' : 'unknown';
  }

  private async probeCalls(selfUserID: string): Promise<CapabilityState> {
    const access = await attempt(() => this.chatApi.getRoomAccess(CAPABILITY_PROBE_ROOM, selfUserID));
    if (access.ok) {
      const { serverUrl } = access.value;
      if (serverUrl === '') return 'absent';
      // A token is only a signature: chat hands one out whether or not a media server runs there.
      const reachable = await this.mediaServer.reachable(serverUrl).catch(() => false);
      if (!reachable) this.logger.info('media server unreachable', { serverUrl });
      return reachable ? 'available' : 'absent';
    }
    this.logger.info('rtc token probe failed', { code: access.error.code });
    // Network-level failures (negative codes) say nothing; a server's refusal means no RTC tokens here.
    return access.error.code > 0 || access.error.code === MISSING_ROUTE_CODE ? 'absent' : 'unknown';
  }

  private patch(changes: Partial<DeploymentFeatures>): void {
    const next = { ...this.features.value, ...changes };
    if (next.wallet !== this.features.value.wallet || next.calls !== this.features.value.calls) {
      this.features.next(next);
    }
  }
}
