import { BehaviorSubject, Subject, Subscription, filter, firstValueFrom, timer, type Observable } from 'rxjs';
import {
  err,
  isForceLogoutCode,
  isTransientStartFailure,
  ok,
  sessionStartRetryDelayMs,
  ServerErrorCode,
  STORAGE_KEYS,
  storedSession,
  type Result,
  type SelfInfo,
} from '@teamim/domain';
import type { ImSession } from '../ports/im-session.port';
import type { SessionEvent } from '../ports/im-session.port';
import type { SessionStore } from '../ports/key-value-store.port';
import type { Notifier } from '../ports/notifier.port';
import type { Logger } from '../ports/logger.port';
import type { ConversationsGateway } from '../ports/conversations.port';
import { attempt, type RemoteFailure } from '../shared/remote-error';
import type { ContactStore } from '../contacts/contact.store';
import type { ConversationStore } from '../conversations/conversation.store';
import type { CurrentUser } from './current-user';
import type { DeploymentCapabilities } from './deployment-capabilities';
import type { NetworkStatus } from '../ports/network-status.port';
import type { Clock } from '../ports/clock.port';

export type LoadState = 'idle' | 'loading' | 'success' | 'failed';

/** Why the app is leaving the signed-in area. */
export type SignOutReason =
  'noCredentials' | 'loginFailed' | 'logout' | 'kicked' | 'tokenExpired' | 'connectFailed';

/** Spec §8: SDK login error that must not redirect. */
export const LOGIN_REPEATED = 10102;
/** Spec §8: connect failure that ends the session. */
export const CONNECT_FAILED_LOGOUT = 705;
/**
 * Chat API codes that mean the login is gone: spec §8's 1501 and 1503-1505, plus the "token not exist"
 * answers of a real deployment (chat 20101, IM 1507); the domain's catalogue is the one list.
 */
export const EXPIRED_API_CODES: readonly number[] = Object.values(ServerErrorCode).filter(
  (code) => code !== ServerErrorCode.ConnectFailed && isForceLogoutCode(code),
);

export type BootstrapError = { readonly kind: 'noCredentials' } | RemoteFailure;

/**
 * Login, bootstrap, logout and the connection/sync state (spec §4 "Login and bootstrap", "Connection and sync").
 * `connection$`, `sync$`, `syncProgress$` and `reinstalling$` are hot and replay; `signedOut$` is an event.
 */
export class SessionService {
  private readonly connection = new BehaviorSubject<LoadState>('idle');
  private readonly sync = new BehaviorSubject<LoadState>('idle');
  private readonly progress = new BehaviorSubject<number>(0);
  private readonly reinstalling = new BehaviorSubject<boolean>(false);
  private readonly signedOut = new Subject<SignOutReason>();
  private readonly restart = new Subject<void>();
  private readonly subscriptions = new Subscription();
  private bootstrapping: Promise<Result<void, BootstrapError>> | undefined;

  readonly connection$: Observable<LoadState> = this.connection.asObservable();
  readonly sync$: Observable<LoadState> = this.sync.asObservable();
  readonly syncProgress$: Observable<number> = this.progress.asObservable();
  /** True only while a reinstall sync runs; the progress overlay shows then (spec §4). */
  readonly reinstalling$: Observable<boolean> = this.reinstalling.asObservable();
  /** Emits when the UI must go to /login. No replay. */
  readonly signedOut$: Observable<SignOutReason> = this.signedOut.asObservable();
  /**
   * Emits when the SDK could not start and should start afresh with the kept credentials: for want of a
   * network, once it is back; after a transient failure (a timeout, the SDK's worker giving up on a
   * loaded machine), after a growing wait. The composition root loads the page again. No replay.
   */
  readonly restartNeeded$: Observable<void> = this.restart.asObservable();

  constructor(
    private readonly im: ImSession,
    private readonly conversationsGateway: ConversationsGateway,
    private readonly sessionStore: SessionStore,
    private readonly currentUser: CurrentUser,
    private readonly contacts: ContactStore,
    private readonly conversations: ConversationStore,
    private readonly notifier: Notifier,
    private readonly logger: Logger,
    private readonly capabilities?: DeploymentCapabilities,
    private readonly network?: NetworkStatus,
    private readonly clock?: Clock,
  ) {
    this.subscriptions.add(im.events$.subscribe((event) => void this.onSessionEvent(event)));
  }

  private storedCredentials(): { readonly userID: string; readonly token: string } | undefined {
    return storedSession({
      userID: this.sessionStore.get(STORAGE_KEYS.session.userID),
      token: this.sessionStore.get(STORAGE_KEYS.session.imToken),
    });
  }

  /**
   * Logs in with the stored credentials and loads the initial data: self info, blacklist,
   * applications, conversations and the unread count.
   */
  bootstrap(): Promise<Result<void, BootstrapError>> {
    // A second call while one runs (e.g. a re-rendered shell) joins it instead of logging in twice at once.
    this.bootstrapping ??= this.runBootstrap().finally(() => {
      this.bootstrapping = undefined;
    });
    return this.bootstrapping;
  }

  private async runBootstrap(): Promise<Result<void, BootstrapError>> {
    const credentials = this.storedCredentials();
    // The scope opened for the user whose credentials were stored; without them (or with another
    // user's) it cannot log in.
    if (credentials === undefined || credentials.userID !== this.currentUser.id()) {
      this.endLocally();
      this.signedOut.next('noCredentials');
      return err({ kind: 'noCredentials' });
    }
    const network = this.watchNetwork();
    try {
      const pending = attempt(() => this.im.login(credentials.userID, credentials.token));
      // Started with the login, not after it: the list is drawn from the server while the SDK connects and syncs.
      void this.conversations.loadServerFirstPage(credentials.userID);
      const login = await pending;
      if (!login.ok && network.lost()) return this.restartOnceOnline(login.error);
      if (!login.ok && isTransientStartFailure(login.error.code)) return this.retryStart(login.error);
      if (!login.ok) {
        if (login.error.code !== LOGIN_REPEATED) {
          this.endLocally();
          this.signedOut.next('loginFailed');
        }
        return login;
      }
      const self = await attempt(() => this.im.getSelfInfo());
      if (!self.ok && network.lost()) return this.restartOnceOnline(self.error);
      if (!self.ok && isTransientStartFailure(self.error.code)) return this.retryStart(self.error);
      if (self.ok) this.sessionStore.remove(STORAGE_KEYS.session.startAttempts);
      return this.loadInitialData(self);
    } finally {
      network.stop();
    }
  }

  /** Notes whether the device is without a network at any moment until `stop`. */
  private watchNetwork(): { lost: () => boolean; stop: () => void } {
    let lost = false;
    const watch = this.network?.online$.subscribe((online) => {
      if (!online) lost = true;
    });
    return { lost: () => lost, stop: () => watch?.unsubscribe() };
  }

  /**
   * The network went while the SDK was starting (it could not fetch its database engine, or its first
   * self info): that says nothing about the credentials, so they are kept, as a desktop chat app keeps
   * its session. The SDK cannot be started twice in one page, so once the network is back the page
   * loads again (docs/spec-deviations.md).
   */
  private restartOnceOnline(failure: RemoteFailure): Result<void, BootstrapError> {
    this.logger.warn('the SDK could not start without a network; starting again once it is back', {
      code: failure.code,
    });
    void this.networkBack().then(() => this.restart.next());
    return err(failure);
  }

  /**
   * The SDK failed to start for a reason that says nothing about the credentials (a timeout, its worker
   * giving up on a loaded machine, a server error): like a desktop chat app, the session is kept and the
   * start is tried again after a growing wait, counted across the reloads in the session store. Once the
   * tries are used up the user is asked to sign in again, with the code, instead of a silent sign-in page.
   */
  private retryStart(failure: RemoteFailure): Result<void, BootstrapError> {
    const tried = Number(this.sessionStore.get(STORAGE_KEYS.session.startAttempts) ?? '0');
    const attempt = (Number.isInteger(tried) && tried > 0 ? tried : 0) + 1;
    const delay = sessionStartRetryDelayMs(attempt);
    if (delay === undefined) {
      this.logger.error('the SDK could not start; giving up', { code: failure.code, attempts: tried });
      this.notifier.notify({
        level: 'error',
        key: 'toast.sessionStartFailed',
        params: { code: failure.code },
      });
      this.endLocally();
      this.signedOut.next('loginFailed');
      return err(failure);
    }
    this.sessionStore.set(STORAGE_KEYS.session.startAttempts, String(attempt));
    this.connection.next('failed');
    this.logger.warn('the SDK could not start; trying again', { code: failure.code, attempt, delay });
    this.notifier.notify({
      level: 'warning',
      key: 'toast.sessionStartRetrying',
      params: { seconds: Math.round(delay / 1000) },
    });
    this.subscriptions.add(
      timer(delay, this.clock?.scheduler).subscribe(
        () => void this.networkBack().then(() => this.restart.next()),
      ),
    );
    return err(failure);
  }

  private async networkBack(): Promise<void> {
    if (this.network === undefined) return;
    await firstValueFrom(this.network.online$.pipe(filter((online) => online)));
  }

  private async loadInitialData(
    self: Result<SelfInfo, RemoteFailure>,
  ): Promise<Result<void, BootstrapError>> {
    if (!self.ok) {
      this.notifier.notify({ level: 'error', key: 'toast.getSelfInfoFailed' });
      await this.logout({ reason: 'loginFailed' });
      return self;
    }
    this.currentUser.setSelfInfo(self.value);
    // Not awaited: the wallet and call entries appear once the deployment has answered.
    void this.capabilities?.detect(self.value.userID);
    await Promise.all([
      this.contacts.loadBlacklist(),
      this.contacts.loadApplications(),
      // Merged, not replaced: right after a login the SDK's database may still be filling.
      this.conversations.refreshConversations(),
      this.conversations.loadUnreadCount(),
    ]);
    return ok(undefined);
  }

  /**
   * Logs out: leaves the SDK unless forced, clears the session storage and asks the UI to go to /login
   * (the composition root then closes the session scope, and with it everything the session held).
   */
  async logout(options: { readonly forced?: boolean; readonly reason?: SignOutReason } = {}): Promise<void> {
    if (options.forced !== true) {
      const result = await attempt(() => this.im.logout());
      if (!result.ok) {
        this.logger.warn('sdk logout failed', { code: result.error.code });
      }
    }
    this.endLocally();
    this.signedOut.next(options.reason ?? 'logout');
  }

  /** Call when any chat or wallet API call failed; expired-login codes end the session (spec §8). */
  async onApiFailure(failure: RemoteFailure): Promise<boolean> {
    if (!EXPIRED_API_CODES.includes(failure.code)) {
      return false;
    }
    this.notifier.notify({ level: 'warning', key: 'error.loginExpired' });
    await this.logout({ forced: true, reason: 'tokenExpired' });
    return true;
  }

  /**
   * Forgets the stored credentials. What the session holds in memory goes with its scope, which the
   * composition root closes on `signedOut$`.
   */
  private endLocally(): void {
    this.sessionStore.clear();
  }

  private async onSessionEvent(event: SessionEvent): Promise<void> {
    switch (event.type) {
      case 'connecting':
        this.connection.next('loading');
        return;
      case 'connectSuccess':
        this.connection.next('success');
        return;
      case 'connectFailed':
        this.connection.next('failed');
        if (event.code === CONNECT_FAILED_LOGOUT) {
          this.notifier.notify({ level: 'warning', key: 'error.loginExpired' });
          await this.logout({ forced: true, reason: 'connectFailed' });
        }
        return;
      case 'kickedOffline':
        this.notifier.notify({ level: 'warning', key: 'toast.kickedOffline' });
        await this.logout({ forced: true, reason: 'kicked' });
        return;
      case 'tokenExpired':
      case 'tokenInvalid':
        this.notifier.notify({ level: 'warning', key: 'error.loginExpired' });
        await this.logout({ forced: true, reason: 'tokenExpired' });
        return;
      case 'syncStart':
        this.sync.next('loading');
        this.reinstalling.next(event.reinstalled);
        this.progress.next(0);
        return;
      case 'syncProgress':
        this.progress.next(event.percent);
        // The SDK's first sync after an install reports no conversation events until it finishes, but
        // its database holds each batch once progress is reported: show what is there already.
        if (this.sync.value === 'loading') {
          await this.conversations.refreshConversations();
        }
        return;
      case 'syncFinish':
        this.sync.next('success');
        this.reinstalling.next(false);
        await this.afterSync();
        return;
      case 'syncFailed':
        this.sync.next('failed');
        this.reinstalling.next(false);
        this.notifier.notify({ level: 'error', key: 'toast.syncFailed' });
        return;
    }
  }

  /**
   * Spec §4: after a successful sync, reload friends, groups, conversations and the unread count; the
   * friends and groups are then checked against the server's lists (a sync can finish with rows lost).
   * The blacklist is checked against the server's as well: a new device's first sync stores it later and
   * silently. Whichever of the two ends first, the friend list leaves the blocked out.
   */
  private async afterSync(): Promise<void> {
    await Promise.all([
      this.contacts.reconcileBlacklist(),
      this.contacts.loadFriends().then(async (loaded) => {
        if (loaded.ok) await this.contacts.reconcileFriends();
      }),
      this.contacts.loadGroups().then(async (loaded) => {
        if (loaded.ok) await this.contacts.reconcileGroups();
      }),
      this.conversations.loadConversations(),
      this.conversations.loadUnreadCount(),
    ]);
    await this.conversations.markCurrentAsRead();
  }

  dispose(): void {
    this.subscriptions.unsubscribe();
  }
}
