import type { Observable } from 'rxjs';
import type { SelfInfo } from '@teamim/domain';

/** Connection and sync events of the IM session (SDK OnConnect*, OnSync*, OnKickedOffline, OnUserToken*). */
export type SessionEvent =
  | { readonly type: 'connecting' }
  | { readonly type: 'connectSuccess' }
  | { readonly type: 'connectFailed'; readonly code: number; readonly message: string }
  | { readonly type: 'kickedOffline' }
  | { readonly type: 'tokenExpired' }
  | { readonly type: 'tokenInvalid' }
  | { readonly type: 'syncStart'; readonly reinstalled: boolean }
  | { readonly type: 'syncProgress'; readonly percent: number }
  | { readonly type: 'syncFinish' }
  | { readonly type: 'syncFailed' };

/** Changes to self info the user may make (spec §3 self info, minus ids). */
export type SelfInfoChanges = Partial<Pick<SelfInfo, 'nickname' | 'faceURL' | 'email' | 'gender' | 'birth'>>;

/**
 * The IM session: login, logout and session-level events.
 * All methods reject with RemoteError (errCode of the SDK or server).
 */
export abstract class ImSession {
  /** Logs in with the stored credentials. 10102 means "already logging in / logged in". */
  abstract login(userID: string, token: string): Promise<void>;
  abstract logout(): Promise<void>;
  /** Self info merged from the SDK and the chat API business info. */
  abstract getSelfInfo(): Promise<SelfInfo>;
  /**
   * Hot stream of session events. Does not replay and never completes;
   * subscribe before calling login to see the first events.
   */
  abstract readonly events$: Observable<SessionEvent>;
}
