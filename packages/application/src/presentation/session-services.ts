import type { CallService } from '../calls/call.service';
import type { ContactActions } from '../contacts/contact-actions';
import type { ContactStore } from '../contacts/contact.store';
import type { ConversationStore } from '../conversations/conversation.store';
import type { GroupActions } from '../groups/group-actions';
import type { MemberPickerStore } from '../groups/member-picker.store';
import type { ChatStore } from '../messages/chat.store';
import type { ChatFocus } from '../messages/chat-focus';
import type { TypingStore } from '../messages/typing.store';
import type { ForwardMessages } from '../messages/forward-messages.use-case';
import type { PinnedMessagesStore } from '../messages/pinned-messages.store';
import type { Clock } from '../ports/clock.port';
import type { Notifier } from '../ports/notifier.port';
import type { ProfileService } from '../profile/profile.service';
import type { TopSearchStore } from '../search/top-search.store';
import type { CurrentUser } from '../session/current-user';
import type { ConnectionMonitor } from '../session/connection-monitor';
import type { DeploymentCapabilities } from '../session/deployment-capabilities';
import type { SessionService } from '../session/session.service';
import type { SettingsStore } from '../settings/settings.store';
import type { WalletService } from '../wallet/wallet.service';
import type { CallOverlayPorts } from './calls/call-overlay.view-model';
import type { DraftMirror } from '../conversations/draft-mirror';
// New-message notices
import type { MessageNotificationService } from '../notifications/message-notifications.service';

/**
 * The services of one signed-in user. They are created together when a session scope opens and
 * disposed together when it closes, so nothing of one user's session can leak into the next one.
 */
export interface SessionServices {
  readonly session: SessionService;
  /** The connection as the user should see it: the SDK's state and the device's network together. */
  readonly connection: ConnectionMonitor;
  readonly currentUser: CurrentUser;
  readonly contacts: ContactStore;
  readonly conversations: ConversationStore;
  readonly chat: ChatStore;
  readonly typing: TypingStore;
  readonly pinnedMessages: PinnedMessagesStore;
  readonly forwardMessages: ForwardMessages;
  readonly topSearch: TopSearchStore;
  readonly contactActions: ContactActions;
  readonly groupActions: GroupActions;
  readonly memberPicker: MemberPickerStore;
  readonly settings: SettingsStore;
  readonly profile: ProfileService;
  readonly wallet: WalletService;
  readonly calls: CallService;
  /** Which optional features (wallet, calls) the deployment has. */
  readonly capabilities: DeploymentCapabilities;
  readonly clock: Clock;
  // The media room, devices and notifier the call overlay works with.
  readonly callOverlayPorts: CallOverlayPorts;
  // Toasts raised by view models (About's copy)
  readonly notifier: Notifier;
  // The quote each composer holds and the jump a search hit asks for.
  readonly chatFocus: ChatFocus;
  // New-message notices (the account settings switch, clicks that open a conversation)
  readonly notifications: MessageNotificationService;
  /** The composer's text as typed, kept in the tab until the box is empty again. */
  readonly drafts: DraftMirror;
}
