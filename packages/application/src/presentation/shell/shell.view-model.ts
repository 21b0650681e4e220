import { combineLatest, map, type Observable } from 'rxjs';
import { canCreateGroup, isAddFriendMenuVisible, type SelfInfo } from '@teamim/domain';
import type { ContactStore } from '../../contacts/contact.store';
import type { ConversationStore } from '../../conversations/conversation.store';
import type { MessageNotificationService } from '../../notifications/message-notifications.service';
import type { ConnectionMonitor } from '../../session/connection-monitor';
import type { CurrentUser } from '../../session/current-user';
import type { DeploymentCapabilities } from '../../session/deployment-capabilities';
import type { SessionService, SignOutReason } from '../../session/session.service';
import type { SettingsStore } from '../../settings/settings.store';
import { StateViewModel } from '../view-model';
import type { ConnectionStatus } from './status';

export interface ShellViewModelDeps {
  readonly session: SessionService;
  readonly connection: ConnectionMonitor;
  readonly currentUser: CurrentUser;
  readonly conversations: ConversationStore;
  readonly contacts: ContactStore;
  readonly notifications: MessageNotificationService;
  readonly capabilities: DeploymentCapabilities;
  readonly settings: SettingsStore;
}

export interface ShellState {
  /** The signed-in user as the nav shows them; undefined until the self info is loaded. */
  readonly self:
    | { readonly userID: string; readonly name: string; readonly faceURL: string; readonly info: SelfInfo }
    | undefined;
  /** Unread messages of conversations that notify (spec §2 chat badge). */
  readonly unread: number;
  /** Unhandled friend and group applications (spec §2 contact badge). */
  readonly applications: number;
  readonly status: ConnectionStatus | undefined;
  /** Spec §4: the sync progress shows only while a reinstall syncs. */
  readonly syncProgress: number | undefined;
  /** Spec §2 plus menu and empty state. */
  readonly canAddFriends: boolean;
  readonly canCreateGroup: boolean;
  /** The wallet's entries show only where the deployment has the wallet API (ours; not a real OpenIM). */
  readonly walletAvailable: boolean;
}

/** The signed-in frame (spec §2 left navigation, top bar menu, §4 connection and sync). */
export class ShellViewModel extends StateViewModel<ShellState> {
  /** Emits once when the session ends (logout, expiry, kick); the view then goes to /login. */
  readonly signedOut$: Observable<SignOutReason>;
  // The conversation of a clicked new-message notice; the view opens it
  readonly noticeOpens$: Observable<string>;

  constructor(private readonly deps: ShellViewModelDeps) {
    super({
      self: undefined,
      unread: 0,
      applications: 0,
      status: undefined,
      syncProgress: undefined,
      canAddFriends: false,
      canCreateGroup: false,
      walletAvailable: false,
    });
    const { session, connection, currentUser, conversations, contacts, notifications, capabilities } = deps;
    this.signedOut$ = session.signedOut$;
    this.noticeOpens$ = notifications.opens$;
    this.own(
      combineLatest([
        currentUser.selfInfo$,
        conversations.unreadCount$,
        contacts.applicationBadge$,
        connection.status$,
        combineLatest([session.reinstalling$, session.syncProgress$]).pipe(
          map(([reinstalling, progress]) => (reinstalling ? progress : undefined)),
        ),
        capabilities.features$,
      ]).subscribe(([self, unread, applications, status, syncProgress, features]) =>
        this.set({
          self:
            self === undefined
              ? undefined
              : {
                  userID: self.userID,
                  name: self.nickname !== '' ? self.nickname : self.userID,
                  faceURL: self.faceURL,
                  info: self,
                },
          unread,
          applications,
          status,
          syncProgress,
          canAddFriends: isAddFriendMenuVisible(self),
          canCreateGroup: canCreateGroup(self),
          walletAvailable: features.wallet === 'available',
        }),
      ),
    );
  }

  /** The session formats times and notices in the interface's language; an unknown one is ignored. */
  followLocale(language: string): void {
    this.deps.settings.setLocale(language);
  }

  logout(): Promise<void> {
    return this.deps.session.logout();
  }
}
