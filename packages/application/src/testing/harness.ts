import { hasStoredSession, STORAGE_KEYS } from '@teamim/domain';
import { applicationModule } from '../di/application.module';
import { createContainer } from '../di/create-container';
import { portsModule, type PortBindings } from '../di/ports.module';
import { CallService } from '../calls/call.service';
import { ContactActions } from '../contacts/contact-actions';
import { ProfileService } from '../profile/profile.service';
import { SettingsStore } from '../settings/settings.store';
import { WalletService } from '../wallet/wallet.service';
import { ContactStore } from '../contacts/contact.store';
import { GroupActions } from '../groups/group-actions';
import { MemberPickerStore } from '../groups/member-picker.store';
import { ConversationStore } from '../conversations/conversation.store';
import { ChatStore } from '../messages/chat.store';
import { TypingStore } from '../messages/typing.store';
import { ForwardMessages } from '../messages/forward-messages.use-case';
import { PinnedMessagesStore } from '../messages/pinned-messages.store';
import { ChatFocus } from '../messages/chat-focus';
import { DraftMirror } from '../conversations/draft-mirror';
import { TopSearchStore } from '../search/top-search.store';
import { CurrentUser } from '../session/current-user';
import { SessionService } from '../session/session.service';
import { DeploymentCapabilities } from '../session/deployment-capabilities';
import { SignInService } from '../account/sign-in.service';
// New-message notices
import { MessageNotificationService } from '../notifications/message-notifications.service';
import { FakeMessageNotices, FakePageVisibility } from './fake-notices';
import { FakeNetworkStatus } from './fake-network';
import { ConnectionMonitor } from '../session/connection-monitor';
import type { SessionServices } from '../presentation/session-services';
import { SessionViewModels } from '../presentation/session-view-models';
import { FakeAccountApi, type FakeAccountSeed } from './fake-account-server';
import { FakeBackend } from './fake-backend';
import type { FakeUserSeed } from './fake-backend-users';
import { FakeClock, drainMicrotasks } from './fake-clock';
import { FakeImDevice } from './fake-im-device';
import { FakeCallDevices } from './fake-call-devices';
import { FakeCallMedia } from './fake-call-media';
import { FakeMediaServerProbe } from './fake-media-server-probe';
import { FakeChatApi } from './fake-chat-api';
import { FakeFileProcessor } from './fake-file-processor';
import { FakeFileUploader } from './fake-file-uploader';
import { FakePasswordHasher } from './fake-password-hasher';
import { FakeRtcRoom } from './fake-rtc-room';
import { FakeWalletApi } from './fake-wallet-api';
import { InMemoryLocalStore, InMemorySessionStore } from './fake-key-value-store';
import { RecordingLogger } from './fake-logger';
import { RecordingNotifier } from './fake-notifier';
import { SequentialIdGenerator } from './fake-id-generator';

/** The in-memory adapters of one client, exposed so tests can inspect and steer them. */
export interface FakePorts extends PortBindings {
  readonly accountApi: FakeAccountApi;
  readonly device: FakeImDevice;
  readonly chatApi: FakeChatApi;
  readonly walletApi: FakeWalletApi;
  readonly rtcRoom: FakeRtcRoom;
  readonly localStore: InMemoryLocalStore;
  readonly sessionStore: InMemorySessionStore;
  readonly notifier: RecordingNotifier;
  readonly logger: RecordingLogger;
  readonly fileProcessor: FakeFileProcessor;
  readonly fileUploader: FakeFileUploader;
  readonly callDevices: FakeCallDevices;
  readonly callMedia: FakeCallMedia;
  readonly mediaServerProbe: FakeMediaServerProbe;
  // New-message notices
  readonly messageNotices: FakeMessageNotices;
  readonly pageVisibility: FakePageVisibility;
  readonly network: FakeNetworkStatus;
}

/** One running client (a browser tab) wired exactly like an app, but on in-memory adapters. */
export class TestClient {
  readonly session: SessionService;
  readonly capabilities: DeploymentCapabilities;
  /** Sign-in, registration, codes and password reset (the /login screens). */
  readonly account: SignInService;
  readonly currentUser: CurrentUser;
  readonly contacts: ContactStore;
  readonly conversations: ConversationStore;
  readonly chat: ChatStore;
  readonly pins: PinnedMessagesStore;
  readonly forward: ForwardMessages;
  readonly search: TopSearchStore;
  readonly contactActions: ContactActions;
  readonly groupActions: GroupActions;
  readonly picker: MemberPickerStore;
  readonly settings: SettingsStore;
  readonly profile: ProfileService;
  readonly wallet: WalletService;
  readonly calls: CallService;
  // New-message notices
  readonly notifications: MessageNotificationService;
  /** The same services under the names the view models use. */
  readonly services: SessionServices;
  /** The view-model factories over this client's services, as the shell provides them to views. */
  readonly viewModels: SessionViewModels;

  constructor(readonly ports: FakePorts) {
    // The harness is the tests' composition root: the only place that resolves services.
    const container = createContainer(portsModule(ports), applicationModule);
    this.session = container.get(SessionService);
    this.capabilities = container.get(DeploymentCapabilities);
    this.account = container.get(SignInService);
    this.currentUser = container.get(CurrentUser);
    this.contacts = container.get(ContactStore);
    this.conversations = container.get(ConversationStore);
    this.chat = container.get(ChatStore);
    this.pins = container.get(PinnedMessagesStore);
    this.forward = container.get(ForwardMessages);
    this.search = container.get(TopSearchStore);
    this.contactActions = container.get(ContactActions);
    this.groupActions = container.get(GroupActions);
    this.picker = container.get(MemberPickerStore);
    this.settings = container.get(SettingsStore);
    this.profile = container.get(ProfileService);
    this.wallet = container.get(WalletService);
    this.calls = container.get(CallService);
    this.notifications = container.get(MessageNotificationService);
    this.services = {
      session: this.session,
      connection: container.get(ConnectionMonitor),
      currentUser: this.currentUser,
      contacts: this.contacts,
      conversations: this.conversations,
      chat: this.chat,
      typing: container.get(TypingStore),
      pinnedMessages: this.pins,
      forwardMessages: this.forward,
      topSearch: this.search,
      contactActions: this.contactActions,
      groupActions: this.groupActions,
      memberPicker: this.picker,
      settings: this.settings,
      profile: this.profile,
      wallet: this.wallet,
      calls: this.calls,
      capabilities: this.capabilities,
      clock: ports.clock,
      callOverlayPorts: {
        room: ports.rtcRoom,
        contacts: ports.contacts,
        notifier: ports.notifier,
        devices: ports.callDevices,
        media: ports.callMedia,
      },
      notifier: ports.notifier,
      chatFocus: container.get(ChatFocus),
      drafts: container.get(DraftMirror),
      notifications: this.notifications,
    };
    this.viewModels = new SessionViewModels(this.services);
  }

  /** Disposes every service that subscribes to a port, as an app does on unload. */
  dispose(): void {
    this.viewModels.dispose();
    this.account.dispose();
    this.search.dispose();
    this.calls.dispose();
    this.notifications.dispose();
    this.chat.dispose();
    this.services.typing.dispose();
    this.session.dispose();
    this.conversations.dispose();
    this.contacts.dispose();
  }

  get userID(): string {
    return this.currentUser.id();
  }

  get toasts(): RecordingNotifier {
    return this.ports.notifier;
  }
}

/**
 * A shared fake backend plus a fake clock; several clients created here can befriend, chat,
 * form groups and call each other.
 */
export class TestWorld {
  readonly clock = new FakeClock();
  readonly backend = new FakeBackend(this.clock);

  /** Registers users on the backend. */
  users(...seeds: readonly (FakeUserSeed | string)[]): this {
    for (const seed of seeds) {
      this.backend.registerUser(typeof seed === 'string' ? { userID: seed } : seed);
    }
    return this;
  }

  /** Creates accounts that sign in with a password (and their IM users). */
  accounts(...seeds: readonly FakeAccountSeed[]): this {
    for (const seed of seeds) this.backend.accounts.seed(seed);
    return this;
  }

  /** A client whose session storage is empty (signed out); pass a local store to simulate a restart. */
  client(options: { readonly localStore?: InMemoryLocalStore } = {}): TestClient {
    return new TestClient(this.ports(options));
  }

  /** The in-memory adapters of one client (a browser tab), for tests that compose services themselves. */
  ports(options: { readonly localStore?: InMemoryLocalStore } = {}): FakePorts {
    const device = new FakeImDevice(this.backend);
    return {
      device,
      accountApi: new FakeAccountApi(this.backend.accounts),
      imSession: device.session,
      contacts: device.contacts,
      groups: device.groups,
      conversations: device.conversations,
      messages: device.messages,
      callSignalling: device.signalling,
      chatApi: new FakeChatApi(device),
      walletApi: new FakeWalletApi(device),
      passwordHasher: new FakePasswordHasher(),
      rtcRoom: new FakeRtcRoom(this.backend.rtc),
      localStore: options.localStore ?? new InMemoryLocalStore(),
      sessionStore: new InMemorySessionStore(),
      clock: this.clock,
      idGenerator: new SequentialIdGenerator(),
      logger: new RecordingLogger(),
      notifier: new RecordingNotifier(),
      fileProcessor: new FakeFileProcessor(),
      fileUploader: new FakeFileUploader(),
      callDevices: new FakeCallDevices(),
      callMedia: new FakeCallMedia(),
      mediaServerProbe: new FakeMediaServerProbe(),
      messageNotices: new FakeMessageNotices(),
      pageVisibility: new FakePageVisibility(),
      network: new FakeNetworkStatus(),
    };
  }

  /** A client with stored credentials for `userID`, bootstrapped and settled. */
  async signIn(userID: string): Promise<TestClient> {
    const client = this.client();
    const token = this.backend.user(userID).token;
    client.ports.sessionStore.set(STORAGE_KEYS.session.userID, userID);
    client.ports.sessionStore.set(STORAGE_KEYS.session.imToken, token);
    const result = await client.session.bootstrap();
    if (!result.ok) {
      throw new Error(`sign-in of ${userID} failed: ${JSON.stringify(result.error)}`);
    }
    await this.settle();
    return client;
  }

  /** Lets every pending event and promise chain run, without moving time. */
  async settle(): Promise<void> {
    await drainMicrotasks(60);
  }

  /** Moves the fake time forward, running due timers. */
  async advance(ms: number): Promise<void> {
    await this.clock.advance(ms);
    await this.settle();
  }
}

/** Alice and Bob (so named), friends, both signed in: where most two-person tests start. */
export async function signedInFriends(): Promise<{
  readonly world: TestWorld;
  readonly alice: TestClient;
  readonly bob: TestClient;
}> {
  const world = new TestWorld().users(
    { userID: 'alice', nickname: 'Alice' },
    { userID: 'bob', nickname: 'Bob' },
  );
  world.backend.makeFriends('alice', 'bob');
  const alice = await world.signIn('alice');
  const bob = await world.signIn('bob');
  return { world, alice, bob };
}

/** What the route guard sees on this client's device: a stored user id and token (the domain's rule). */
export function hasStoredCredentials(client: TestClient): boolean {
  const store = client.ports.sessionStore;
  return hasStoredSession({
    userID: store.get(STORAGE_KEYS.session.userID),
    token: store.get(STORAGE_KEYS.session.imToken),
  });
}
