import { CallService } from '../calls/call.service';
import { CallRecorder } from '../calls/call-recorder';
import { CallHistoryStore } from '../calls/call-history.store';
import { MeetingRoomService } from '../meetings/meeting-room.service';
import { ContactActions } from '../contacts/contact-actions';
import { ContactStore } from '../contacts/contact.store';
import { ConversationStore } from '../conversations/conversation.store';
import { DraftMirror } from '../conversations/draft-mirror';
import { GroupActions } from '../groups/group-actions';
import { MemberPickerStore } from '../groups/member-picker.store';
import { ChatFocus } from '../messages/chat-focus';
import { ChatStore } from '../messages/chat.store';
import { PinnedMessagesStore } from '../messages/pinned-messages.store';
import { TypingStore } from '../messages/typing.store';
import { MessageNotificationService } from '../notifications/message-notifications.service';
import { MeetingLauncher } from '../meetings/meeting-launcher';
import { MeetingProfiles } from '../meetings/meeting-profiles';
import { MeetingService } from '../meetings/meeting.service';
import { MeetingReminders } from '../meetings/meeting-reminders';
import { MeetingStayRecovery } from '../meetings/meeting-stay-recovery';
import { CallDevices } from '../ports/call-devices.port';
import { CallMedia } from '../ports/call-media.port';
import { CallSignalling } from '../ports/call-signalling.port';
import { ChatApi } from '../ports/chat-api.port';
import { Clock } from '../ports/clock.port';
import { ContactsGateway } from '../ports/contacts.port';
import { ConversationsGateway } from '../ports/conversations.port';
import { FileProcessor, FileUploader } from '../ports/file-processor.port';
import { GroupsGateway } from '../ports/groups.port';
import { IdGenerator } from '../ports/id-generator.port';
import { ImSession } from '../ports/im-session.port';
import { LocalStore, SessionStore } from '../ports/key-value-store.port';
import { Logger } from '../ports/logger.port';
import { MediaServerProbe } from '../ports/media-server-probe.port';
import { MeetingRoom } from '../ports/meeting-room.port';
import { MessageNotices, PageVisibility } from '../ports/message-notices.port';
import { MessagesGateway } from '../ports/messages.port';
import { NetworkStatus } from '../ports/network-status.port';
import { Notifier } from '../ports/notifier.port';
import { RtcRoom } from '../ports/rtc-room.port';
import { PasswordHasher, WalletApi } from '../ports/wallet-api.port';
import { ProfileService } from '../profile/profile.service';
import { TopSearchStore } from '../search/top-search.store';
import { ConnectionMonitor } from '../session/connection-monitor';
import { CurrentUser } from '../session/current-user';
import { DeploymentCapabilities } from '../session/deployment-capabilities';
import { SessionService } from '../session/session.service';
import { SettingsStore } from '../settings/settings.store';
import { WalletService } from '../wallet/wallet.service';
import type { LazyService } from '../shared/lazy-service';

declare const givenValue: unique symbol;

/** A value the scope is given when it opens, named by a symbol that carries its type. */
export type Given<T> = symbol & { readonly [givenValue]?: T };

/** What a dependency is resolved by: a class or port (its instance) or a value given to the scope. */
export type Token<T> = (abstract new (...args: never[]) => T) | Given<T>;

/** The own user's id: the scope opens with it, once the sign-in has succeeded. */
export const SelfUserID = Symbol('SelfUserID') as Given<string>;

/** What the scope ends when it closes: every session service has it. */
export interface Disposable {
  dispose(): void;
}

/** A service the scope builds from its dependencies, owns, and disposes. */
export interface ServiceBinding<T extends Disposable> {
  readonly kind: 'service';
  readonly type: abstract new (...args: never) => T;
  readonly deps: readonly Token<unknown>[];
  readonly create: (args: readonly unknown[]) => T;
}

/** A port of the root container the session's view models use as is; the scope neither builds nor ends it. */
export interface PortBinding<T> {
  readonly kind: 'port';
  readonly token: Token<T>;
}

// Optional constructor parameters (options a composition root passes by hand) may be left out.
type Deps<Args extends readonly unknown[]> = { readonly [I in keyof Args]: Token<Args[I]> };

/** `type` built from `deps`, one token per constructor parameter, in order (the compiler checks each). */
function service<Args extends readonly unknown[], T extends Disposable>(
  type: new (...args: Args) => T,
  deps: NoInfer<Deps<Args>>,
): ServiceBinding<T> {
  return {
    kind: 'service',
    type,
    deps,
    create: (args) => new type(...(args as Args)),
  };
}

/**
 * A service whose module loads on its first use rather than with the session (a chunk of its own, off
 * the conversation list's first load): the scope gives a {@link LazyService} in its place. Its
 * dependencies are ports and services built with the session (a lazy service is no token: its class is
 * not imported eagerly), and nothing built with the session may depend on it.
 */
export interface LazyServiceBinding<T extends Disposable> {
  readonly kind: 'lazy';
  readonly deps: readonly Token<unknown>[];
  readonly load: () => Promise<(args: readonly unknown[]) => T>;
}

/** `load`'s class, built from `deps` on first use; `load` is a dynamic import, so the class has its own chunk. */
function lazyService<C extends new (...args: never) => Disposable>(
  load: () => Promise<C>,
  deps: NoInfer<Deps<ConstructorParameters<C>>>,
): LazyServiceBinding<InstanceType<C>> {
  return {
    kind: 'lazy',
    deps,
    load: async () => {
      // The deps were checked against the constructor's parameters above; here they are only passed on.
      const type = (await load()) as unknown as new (...args: readonly unknown[]) => InstanceType<C>;
      return (args) => new type(...args);
    },
  };
}

function port<T>(token: Token<T>): PortBinding<T> {
  return { kind: 'port', token };
}

/**
 * The session's services, declared once: the DI module binds each service to its class and
 * dependencies, `SessionServices` is this table's instance types, and the session scope builds them in
 * dependency order and disposes them in the reverse.
 */
export const SESSION_BINDINGS = {
  currentUser: service(CurrentUser, [SelfUserID]),
  settings: service(SettingsStore, [LocalStore]),
  contacts: service(ContactStore, [ContactsGateway, GroupsGateway, CurrentUser, Notifier, Logger]),
  conversations: service(ConversationStore, [
    ConversationsGateway,
    GroupsGateway,
    CurrentUser,
    Clock,
    Notifier,
    Logger,
  ]),
  /** Which optional features (wallet, calls) the deployment has. */
  capabilities: service(DeploymentCapabilities, [WalletApi, ChatApi, Logger, MediaServerProbe]),
  session: service(SessionService, [
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
  ]),
  /** The connection as the user should see it: the SDK's state and the device's network together. */
  connection: service(ConnectionMonitor, [SessionService, NetworkStatus, Clock]),
  pinnedMessages: service(PinnedMessagesStore, [LocalStore, Notifier]),
  chat: service(ChatStore, [
    MessagesGateway,
    ConversationStore,
    PinnedMessagesStore,
    CurrentUser,
    Clock,
    Notifier,
  ]),
  /** Typing notices in one-to-one chats. */
  typing: service(TypingStore, [MessagesGateway, ConversationStore, CurrentUser, Clock, Logger]),
  /** Forwarding: loaded when a forward dialog opens. */
  forwardMessages: lazyService(
    () => import('../messages/forward-messages.use-case').then((m) => m.ForwardMessages),
    [MessagesGateway, Notifier],
  ),
  topSearch: service(TopSearchStore, [
    ContactsGateway,
    GroupsGateway,
    MessagesGateway,
    ConversationStore,
    Clock,
    Notifier,
  ]),
  contactActions: service(ContactActions, [ContactsGateway, GroupsGateway, ChatApi, Notifier, ContactStore]),
  groupActions: service(GroupActions, [
    GroupsGateway,
    ConversationStore,
    CurrentUser,
    FileProcessor,
    FileUploader,
    Notifier,
  ]),
  memberPicker: service(MemberPickerStore, [
    GroupsGateway,
    ContactStore,
    CurrentUser,
    GroupActions,
    Clock,
    Notifier,
  ]),
  profile: service(ProfileService, [ImSession, ChatApi, CurrentUser, GroupActions, Clock, Notifier]),
  wallet: service(WalletService, [
    WalletApi,
    PasswordHasher,
    ImSession,
    MessagesGateway,
    ChatStore,
    CurrentUser,
    SettingsStore,
    Clock,
    Notifier,
  ]),
  calls: service(CallService, [
    CallSignalling,
    ChatApi,
    RtcRoom,
    CurrentUser,
    IdGenerator,
    Clock,
    Notifier,
    Logger,
  ]),
  /** Records each finished call in the chat by listening, so it lives as long as the session. */
  callRecorder: service(CallRecorder, [CallService, ConversationsGateway, ChatStore, Logger]),
  /** Every call and meeting of the user, from the records and cards the conversations hold. */
  callHistory: service(CallHistoryStore, [
    MessagesGateway,
    CallService,
    CallRecorder,
    CurrentUser,
    LocalStore,
    Clock,
    Logger,
  ]),
  /** The meeting the user is in (the MeetingLauncher the meeting cards join through). */
  meetingRoom: service(MeetingRoomService, [
    MeetingRoom,
    ChatApi,
    CallService,
    CurrentUser,
    Clock,
    Notifier,
    Logger,
    LocalStore,
  ]),
  /** The quote each composer holds and the jump a search hit asks for. */
  chatFocus: service(ChatFocus, []),
  /** The composer's text as typed, kept in the tab until the box is empty again. */
  drafts: service(DraftMirror, [SessionStore]),
  /** New-message notices (the account settings switch, clicks that open a conversation). */
  notifications: service(MessageNotificationService, [
    MessagesGateway,
    ConversationStore,
    CurrentUser,
    SettingsStore,
    MessageNotices,
    PageVisibility,
    Clock,
    Logger,
  ]),
  /** Who is who in meetings, looked up ahead of a likely join and shared with the meeting view. */
  meetingProfiles: service(MeetingProfiles, [ContactsGateway, GroupsGateway]),
  /** Meetings as chat cards: start, schedule, edit, cancel, join, and the end once the room reports it. */
  meetings: service(MeetingService, [
    ChatStore,
    ConversationStore,
    ConversationsGateway,
    MeetingLauncher,
    MeetingProfiles,
    MessagesGateway,
    CurrentUser,
    IdGenerator,
    Clock,
    Logger,
  ]),
  /** The reminder at a scheduled meeting's start, by listening, so it lives as long as the session. */
  meetingReminders: service(MeetingReminders, [
    MeetingService,
    MessageNotificationService,
    SettingsStore,
    CurrentUser,
    Clock,
    Notifier,
    LocalStore,
  ]),
  /** Posts the end a previous page of the user left unposted (its stay record), once the session connects. */
  meetingStayRecovery: service(MeetingStayRecovery, [
    MeetingService,
    SessionService,
    LocalStore,
    CurrentUser,
    Clock,
    Logger,
  ]),
  clock: port(Clock),
  /** Toasts raised by view models (About's copy). */
  notifier: port(Notifier),
  // The media room, devices and contacts the call overlay works with.
  rtcRoom: port(RtcRoom),
  contactsGateway: port(ContactsGateway),
  callDevices: port(CallDevices),
  callMedia: port(CallMedia),
  /** Joins a meeting (the card's Join, the call history's join again). */
  meetingLauncher: port(MeetingLauncher),
  meetingMedia: port(MeetingRoom),
};

type SessionBindings = typeof SESSION_BINDINGS;
type Instance<B> =
  B extends ServiceBinding<infer T>
    ? T
    : B extends LazyServiceBinding<infer T>
      ? LazyService<T>
      : B extends PortBinding<infer T>
        ? T
        : never;

/** The services (and the few ports) of one signed-in user, as the table declares them. */
export type BoundSessionServices = { readonly [K in keyof SessionBindings]: Instance<SessionBindings[K]> };

/** The names of the services the scope builds when it opens (not the lazy ones, not the root's ports). */
export type SessionServiceName = {
  [K in keyof SessionBindings]: SessionBindings[K] extends ServiceBinding<Disposable> ? K : never;
}[keyof SessionBindings];

/** The services the scope owns, each after the services it depends on (the order they are built in). */
export function creationOrder(): readonly SessionServiceName[] {
  const names = Object.keys(SESSION_BINDINGS) as (keyof SessionBindings)[];
  const byType = new Map<unknown, SessionServiceName>();
  for (const name of names) {
    const binding = SESSION_BINDINGS[name];
    if (binding.kind !== 'service') continue;
    byType.set(binding.type, name as SessionServiceName);
    // A service that implements a seam (MeetingRoomService, the MeetingLauncher) is what a dependency on
    // the seam gets, so it is built before what depends on the seam too.
    const seam: unknown = Object.getPrototypeOf(binding.type);
    if (seam !== Function.prototype) byType.set(seam, name as SessionServiceName);
  }
  const order: SessionServiceName[] = [];
  const visit = (name: SessionServiceName): void => {
    if (order.includes(name)) return;
    for (const dep of SESSION_BINDINGS[name].deps) {
      const needed = byType.get(dep);
      if (needed !== undefined) visit(needed);
    }
    order.push(name);
  };
  for (const name of byType.values()) visit(name);
  return order;
}
