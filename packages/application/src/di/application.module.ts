import { ContainerModule } from 'inversify';
import { SignInService } from '../account/sign-in.service';
import { AccountApi } from '../ports/account-api.port';
import { CallService } from '../calls/call.service';
import { CallRecorder } from '../calls/call-recorder';
import { ContactActions } from '../contacts/contact-actions';
import { ProfileService } from '../profile/profile.service';
import { SettingsStore } from '../settings/settings.store';
import { WalletService } from '../wallet/wallet.service';
import { CallSignalling } from '../ports/call-signalling.port';
import { IdGenerator } from '../ports/id-generator.port';
import { RtcRoom } from '../ports/rtc-room.port';
import { PasswordHasher, WalletApi } from '../ports/wallet-api.port';
import { ContactStore } from '../contacts/contact.store';
import { GroupActions } from '../groups/group-actions';
import { MemberPickerStore } from '../groups/member-picker.store';
import { ChatApi } from '../ports/chat-api.port';
import { FileProcessor, FileUploader } from '../ports/file-processor.port';
import { ConversationStore } from '../conversations/conversation.store';
import { ChatStore } from '../messages/chat.store';
import { ChatFocus } from '../messages/chat-focus';
import { DraftMirror } from '../conversations/draft-mirror';
import { TypingStore } from '../messages/typing.store';
import { ForwardMessages } from '../messages/forward-messages.use-case';
import { PinnedMessagesStore } from '../messages/pinned-messages.store';
import { Clock } from '../ports/clock.port';
import { ContactsGateway } from '../ports/contacts.port';
import { ConversationsGateway } from '../ports/conversations.port';
import { GroupsGateway } from '../ports/groups.port';
import { ImSession } from '../ports/im-session.port';
import { LocalStore, SessionStore } from '../ports/key-value-store.port';
import { Logger } from '../ports/logger.port';
import { MediaServerProbe } from '../ports/media-server-probe.port';
import { MessagesGateway } from '../ports/messages.port';
import { Notifier } from '../ports/notifier.port';
import { TopSearchStore } from '../search/top-search.store';
import { CurrentUser } from '../session/current-user';
import { SessionService } from '../session/session.service';
import { ConnectionMonitor } from '../session/connection-monitor';
import { DeploymentCapabilities } from '../session/deployment-capabilities';
import { NetworkStatus } from '../ports/network-status.port';
import { MessageNotificationService } from '../notifications/message-notifications.service';
import { MessageNotices, PageVisibility } from '../ports/message-notices.port';

/**
 * The application's services. Every binding is a singleton built with `toResolvedValue`, so no class
 * carries decorators or metadata. Ports must be bound by another module (see `portsModule`).
 */
export const applicationModule = new ContainerModule(({ bind }) => {
  bind(CurrentUser)
    .toResolvedValue(() => new CurrentUser())
    .inSingletonScope();
  bind(ContactStore)
    .toResolvedValue(
      (
        contacts: ContactsGateway,
        groups: GroupsGateway,
        user: CurrentUser,
        notifier: Notifier,
        logger: Logger,
      ) => new ContactStore(contacts, groups, user, notifier, logger),
      [ContactsGateway, GroupsGateway, CurrentUser, Notifier, Logger],
    )
    .inSingletonScope();
  bind(ConversationStore)
    .toResolvedValue(
      (
        gateway: ConversationsGateway,
        groups: GroupsGateway,
        user: CurrentUser,
        clock: Clock,
        notifier: Notifier,
        logger: Logger,
      ) => new ConversationStore(gateway, groups, user, clock, notifier, logger),
      [ConversationsGateway, GroupsGateway, CurrentUser, Clock, Notifier, Logger],
    )
    .inSingletonScope();
  bind(DeploymentCapabilities)
    .toResolvedValue(
      (wallet: WalletApi, chat: ChatApi, logger: Logger, mediaServer: MediaServerProbe) =>
        new DeploymentCapabilities(wallet, chat, logger, mediaServer),
      [WalletApi, ChatApi, Logger, MediaServerProbe],
    )
    .inSingletonScope();
  bind(ConnectionMonitor)
    .toResolvedValue(
      (session: SessionService, network: NetworkStatus, clock: Clock) =>
        new ConnectionMonitor(session, network, clock),
      [SessionService, NetworkStatus, Clock],
    )
    .inSingletonScope();
  bind(SessionService)
    .toResolvedValue(
      (
        im: ImSession,
        conversationsGateway: ConversationsGateway,
        sessionStore: SessionStore,
        user: CurrentUser,
        contacts: ContactStore,
        conversations: ConversationStore,
        notifier: Notifier,
        logger: Logger,
        capabilities: DeploymentCapabilities,
        network: NetworkStatus,
        clock: Clock,
      ) =>
        new SessionService(
          im,
          conversationsGateway,
          sessionStore,
          user,
          contacts,
          conversations,
          notifier,
          logger,
          capabilities,
          network,
          clock,
        ),
      [
        ImSession,
        ConversationsGateway,
        SessionStore,
        CurrentUser,
        ContactStore,
        ConversationStore,
        Notifier,
        Logger,
        DeploymentCapabilities,
        NetworkStatus,
        Clock,
      ],
    )
    .inSingletonScope();
  bind(SignInService)
    .toResolvedValue(
      (api: AccountApi, session: SessionService, store: LocalStore, clock: Clock) =>
        new SignInService(api, session, store, clock),
      [AccountApi, SessionService, LocalStore, Clock],
    )
    .inSingletonScope();
  bind(PinnedMessagesStore)
    .toResolvedValue(
      (store: LocalStore, notifier: Notifier) => new PinnedMessagesStore(store, notifier),
      [LocalStore, Notifier],
    )
    .inSingletonScope();
  bind(ChatStore)
    .toResolvedValue(
      (
        gateway: MessagesGateway,
        conversations: ConversationStore,
        pins: PinnedMessagesStore,
        user: CurrentUser,
        clock: Clock,
        notifier: Notifier,
      ) => new ChatStore(gateway, conversations, pins, user, clock, notifier),
      [MessagesGateway, ConversationStore, PinnedMessagesStore, CurrentUser, Clock, Notifier],
    )
    .inSingletonScope();
  // Typing notices in one-to-one chats.
  bind(TypingStore)
    .toResolvedValue(
      (
        gateway: MessagesGateway,
        conversations: ConversationStore,
        user: CurrentUser,
        clock: Clock,
        logger: Logger,
      ) => new TypingStore(gateway, conversations, user, clock, logger),
      [MessagesGateway, ConversationStore, CurrentUser, Clock, Logger],
    )
    .inSingletonScope();
  bind(ForwardMessages)
    .toResolvedValue(
      (gateway: MessagesGateway, notifier: Notifier) => new ForwardMessages(gateway, notifier),
      [MessagesGateway, Notifier],
    )
    .inSingletonScope();
  bind(TopSearchStore)
    .toResolvedValue(
      (
        contacts: ContactsGateway,
        groups: GroupsGateway,
        messages: MessagesGateway,
        conversations: ConversationStore,
        clock: Clock,
        notifier: Notifier,
      ) => new TopSearchStore(contacts, groups, messages, conversations, clock, notifier),
      [ContactsGateway, GroupsGateway, MessagesGateway, ConversationStore, Clock, Notifier],
    )
    .inSingletonScope();
  bind(ContactActions)
    .toResolvedValue(
      (
        contacts: ContactsGateway,
        groups: GroupsGateway,
        chatApi: ChatApi,
        notifier: Notifier,
        store: ContactStore,
      ) => new ContactActions(contacts, groups, chatApi, notifier, store),
      [ContactsGateway, GroupsGateway, ChatApi, Notifier, ContactStore],
    )
    .inSingletonScope();
  bind(GroupActions)
    .toResolvedValue(
      (
        groups: GroupsGateway,
        conversations: ConversationStore,
        user: CurrentUser,
        files: FileProcessor,
        uploader: FileUploader,
        notifier: Notifier,
      ) => new GroupActions(groups, conversations, user, files, uploader, notifier),
      [GroupsGateway, ConversationStore, CurrentUser, FileProcessor, FileUploader, Notifier],
    )
    .inSingletonScope();
  bind(MemberPickerStore)
    .toResolvedValue(
      (
        groups: GroupsGateway,
        contacts: ContactStore,
        user: CurrentUser,
        actions: GroupActions,
        clock: Clock,
        notifier: Notifier,
      ) => new MemberPickerStore(groups, contacts, user, actions, clock, notifier),
      [GroupsGateway, ContactStore, CurrentUser, GroupActions, Clock, Notifier],
    )
    .inSingletonScope();
  bind(SettingsStore)
    .toResolvedValue((store: LocalStore) => new SettingsStore(store), [LocalStore])
    .inSingletonScope();
  bind(ProfileService)
    .toResolvedValue(
      (
        im: ImSession,
        chatApi: ChatApi,
        user: CurrentUser,
        groupActions: GroupActions,
        clock: Clock,
        notifier: Notifier,
      ) => new ProfileService(im, chatApi, user, groupActions, clock, notifier),
      [ImSession, ChatApi, CurrentUser, GroupActions, Clock, Notifier],
    )
    .inSingletonScope();
  bind(WalletService)
    .toResolvedValue(
      (
        api: WalletApi,
        hasher: PasswordHasher,
        im: ImSession,
        messages: MessagesGateway,
        chat: ChatStore,
        user: CurrentUser,
        settings: SettingsStore,
        clock: Clock,
        notifier: Notifier,
      ) => new WalletService(api, hasher, im, messages, chat, user, settings, clock, notifier),
      [
        WalletApi,
        PasswordHasher,
        ImSession,
        MessagesGateway,
        ChatStore,
        CurrentUser,
        SettingsStore,
        Clock,
        Notifier,
      ],
    )
    .inSingletonScope();
  bind(CallService)
    .toResolvedValue(
      (
        signalling: CallSignalling,
        chatApi: ChatApi,
        room: RtcRoom,
        user: CurrentUser,
        ids: IdGenerator,
        clock: Clock,
        notifier: Notifier,
        logger: Logger,
      ) => new CallService(signalling, chatApi, room, user, ids, clock, notifier, logger),
      [CallSignalling, ChatApi, RtcRoom, CurrentUser, IdGenerator, Clock, Notifier, Logger],
    )
    .inSingletonScope();
  // Resolve it once per session (it records by listening): the composition root gets it after sign-in.
  bind(CallRecorder)
    .toResolvedValue(
      (calls: CallService, conversations: ConversationsGateway, chat: ChatStore, logger: Logger) =>
        new CallRecorder(calls, conversations, chat, logger),
      [CallService, ConversationsGateway, ChatStore, Logger],
    )
    .inSingletonScope();
  // The quote each composer holds and the jump a search hit asks for.
  bind(ChatFocus)
    .toResolvedValue(() => new ChatFocus())
    .inSingletonScope();
  bind(DraftMirror)
    .toResolvedValue((store: SessionStore) => new DraftMirror(store), [SessionStore])
    .inSingletonScope();
  // New-message notices, one per session (it listens to the messages from the start)
  bind(MessageNotificationService)
    .toResolvedValue(
      (
        messages: MessagesGateway,
        conversations: ConversationStore,
        user: CurrentUser,
        settings: SettingsStore,
        notices: MessageNotices,
        visibility: PageVisibility,
        clock: Clock,
        logger: Logger,
      ) =>
        new MessageNotificationService(
          messages,
          conversations,
          user,
          settings,
          notices,
          visibility,
          clock,
          logger,
        ),
      [
        MessagesGateway,
        ConversationStore,
        CurrentUser,
        SettingsStore,
        MessageNotices,
        PageVisibility,
        Clock,
        Logger,
      ],
    )
    .inSingletonScope();
});
