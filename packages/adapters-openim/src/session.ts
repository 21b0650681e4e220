import { map, type Observable } from 'rxjs';
import { ImSession, RemoteError, type SessionEvent } from '@teamim/application';
import { ServerErrorCode, type SelfInfo } from '@teamim/domain';
import type { OpenImContext } from './context';
import { invoke, toRemoteError } from './errors';
import { fromSdkEvent, portEvents } from './events';
import { toSelfInfo } from './mappers';
import type { OpenImConnectionConfig, OpenImSdk } from './sdk';

/** The business fields of self info the SDK does not know (from the chat API). */
export type BusinessSelfInfo = Partial<Omit<SelfInfo, 'userID'>>;
/** Loads the business fields of the logged-in user, e.g. through the chat API's `/user/find/full`. */
export type BusinessInfoSource = (userID: string) => Promise<BusinessSelfInfo>;

/** errCode of a login whose token the gateway refused as invalid (the chat API's TokenInvalid). */
const TOKEN_INVALID = 1502;
/** errCode of a login that was kicked while connecting (another device took the slot). */
const KICKED = 1506;
/**
 * Logins tried while the SDK refuses them as repeated with no login of ours holding its session, and the
 * pause before each try after the second: the SDK's own log-out after a refused token runs beside ours and
 * can end after it on a busy machine.
 */
export const STALE_SESSION_TRIES = 4;
const STALE_SESSION_PAUSE_MS = 200;

/** The session over the SDK: login/logout and the connection, sync and forced-logout callbacks. */
export class OpenImSession extends ImSession {
  readonly events$: Observable<SessionEvent>;

  constructor(
    private readonly sdk: OpenImSdk,
    private readonly config: OpenImConnectionConfig,
    private readonly context: OpenImContext,
    private readonly businessInfo?: BusinessInfoSource,
  ) {
    super();
    const on = <N extends Parameters<typeof fromSdkEvent>[1]>(name: N) => fromSdkEvent(sdk, name);
    this.events$ = portEvents<SessionEvent>(
      on('OnConnecting').pipe(map(() => ({ type: 'connecting' }) as const)),
      on('OnConnectSuccess').pipe(map(() => ({ type: 'connectSuccess' }) as const)),
      on('OnConnectFailed').pipe(
        map((e) => ({ type: 'connectFailed', code: e.errCode ?? 0, message: e.errMsg ?? '' }) as const),
      ),
      on('OnKickedOffline').pipe(map(() => ({ type: 'kickedOffline' }) as const)),
      on('OnUserTokenExpired').pipe(map(() => ({ type: 'tokenExpired' }) as const)),
      on('OnUserTokenInvalid').pipe(map(() => ({ type: 'tokenInvalid' }) as const)),
      on('OnSyncServerStart').pipe(
        map((e) => ({ type: 'syncStart', reinstalled: e.data === true }) as const),
      ),
      on('OnSyncServerProgress').pipe(
        map((e) => ({ type: 'syncProgress', percent: typeof e.data === 'number' ? e.data : 0 }) as const),
      ),
      on('OnSyncServerFinish').pipe(map(() => ({ type: 'syncFinish' }) as const)),
      on('OnSyncServerFailed').pipe(map(() => ({ type: 'syncFailed' }) as const)),
    );
  }

  /**
   * Logs in and waits for the connection's outcome: a refused token or a kick rejects with its code,
   * which the SDK itself only reports as a callback after `login` resolved. A connection that is still
   * retrying when the timeout passes resolves (the SDK keeps trying and works from its local data).
   */
  async login(userID: string, token: string): Promise<void> {
    if (userID === '' || token === '') throw new RemoteError(1001, 'userID and token are required');
    this.context.token = token;
    this.context.tokenUserID = userID;
    let loggedIn: () => void = () => undefined;
    this.context.loginSettled = new Promise<void>((resolve) => {
      loggedIn = resolve;
    });
    let settle: ((error?: RemoteError) => void) | undefined;
    const outcome = new Promise<RemoteError | undefined>((resolve) => {
      settle = resolve;
    });
    const subscription = this.events$.subscribe((event) => {
      if (event.type === 'connectSuccess') settle?.();
      else if (event.type === 'tokenExpired')
        settle?.(new RemoteError(ServerErrorCode.TokenExpired, 'token expired'));
      else if (event.type === 'tokenInvalid') settle?.(new RemoteError(TOKEN_INVALID, 'token invalid'));
      else if (event.type === 'kickedOffline') settle?.(new RemoteError(KICKED, 'kicked offline'));
    });
    const timer = setTimeout(() => settle?.(), this.config.connectTimeoutMs ?? 15_000);
    const sdkLogin = () =>
      invoke(
        'login',
        () =>
          this.sdk.login({
            userID,
            token,
            platformID: this.config.platformID,
            apiAddr: this.config.apiAddr,
            wsAddr: this.config.wsAddr,
            logLevel: this.config.logLevel ?? 3,
            isLogStandardOutput: false,
          }) as Promise<{ readonly data: unknown }>,
      );
    const repeated = (error: unknown): error is RemoteError =>
      error instanceof RemoteError && error.code === ServerErrorCode.LoginRepeated;
    // Whether this adapter's own login holds the SDK's session (a refused one never sets the user).
    const holdsSession = this.context.userID !== '';
    try {
      await sdkLogin()
        .catch(async (error: unknown) => {
          // A repeated login while no login of ours holds the session: the SDK kept itself marked as logged
          // in from an attempt refused part-way (its log-out after that refusal can come too early on a
          // busy machine). That stale session goes, and the login is tried again.
          if (!repeated(error) || holdsSession) throw error;
          let refusal: RemoteError | undefined = error;
          for (let tries = 1; tries < STALE_SESSION_TRIES && repeated(refusal); tries += 1) {
            await this.sdk.logout().catch(() => undefined);
            if (tries > 1) await pause(STALE_SESSION_PAUSE_MS);
            refusal = await sdkLogin().then(
              () => undefined,
              (next: unknown) => toRemoteError(next, 'login'),
            );
          }
          if (refusal !== undefined) throw refusal;
        })
        .catch(async (error: unknown) => {
          // A login the SDK refused part-way can leave it marked as logged in, and every later login would
          // be refused as repeated. A repeated login itself (10102) leaves the session that is there alone.
          if (!repeated(error)) await this.sdk.logout().catch(() => undefined);
          throw error;
        });
      const failure = await outcome;
      if (failure) {
        // Leave the SDK logged out so that a later login with a good token is not refused as repeated.
        await this.sdk.logout().catch(() => undefined);
        throw failure;
      }
      this.context.userID = userID;
    } finally {
      clearTimeout(timer);
      subscription.unsubscribe();
      loggedIn();
    }
  }

  async logout(): Promise<void> {
    await invoke('logout', () => this.sdk.logout());
    this.context.clear();
  }

  /**
   * Self info: id, nickname and avatar from the SDK, merged with the business fields (e-mail, gender,
   * pay password…) from `businessInfo` when the composition root provides it (the chat API's full user).
   */
  async getSelfInfo(): Promise<SelfInfo> {
    const base = toSelfInfo(await invoke('getSelfUserInfo', () => this.sdk.getSelfUserInfo()));
    if (!this.businessInfo) return base;
    let extra: BusinessSelfInfo;
    try {
      extra = await this.businessInfo(base.userID);
    } catch (cause: unknown) {
      throw toRemoteError(cause, 'businessInfo');
    }
    // The IM server is the source of truth for what the SDK knows; the chat API adds the rest.
    return {
      ...base,
      ...extra,
      userID: base.userID,
      nickname: base.nickname || (extra.nickname ?? ''),
      faceURL: base.faceURL || (extra.faceURL ?? ''),
    };
  }
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
