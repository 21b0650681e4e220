import { err, hasStoredSession, STORAGE_KEYS, storedSession, type Result } from '@teamim/domain';
import { createContainer } from '../di/create-container';
import { portsModule, type PortBindings } from '../di/ports.module';
import { openSessionScope, type SessionScope } from '../di/session-scope';
import { DeferredSessionStart, SignInService, type SessionStarter } from '../account/sign-in.service';
import type { BootstrapError } from '../session/session.service';
import { FakeMessageNotices, FakePageVisibility } from './fake-notices';
import { FakeNetworkStatus } from './fake-network';
import type { SessionServices } from '../presentation/session-services';
import { withShortcuts, type TestViewModels } from './view-model-shortcuts';
import { FakeAccountApi, type FakeAccountSeed } from './fake-account-server';
import { FakeBackend } from './fake-backend';
import type { FakeUserSeed } from './fake-backend-users';
import { FakeClock, drainMicrotasks } from './fake-clock';
import type { FakeContactsGateway } from './fake-contacts-gateway';
import type { FakeGroupsGateway } from './fake-groups-gateway';
import { FakeImDevice } from './fake-im-device';
import { FakeCallDevices } from './fake-call-devices';
import { FakeCallMedia } from './fake-call-media';
import { FakeMediaServerProbe } from './fake-media-server-probe';
import { FakeMeetingLauncher } from './fake-meeting-launcher';
import { MeetingLauncher } from '../meetings/meeting-launcher';
import { FakeChatApi } from './fake-chat-api';
import { FakeFileProcessor } from './fake-file-processor';
import { FakeFileUploader } from './fake-file-uploader';
import { FakePasswordHasher } from './fake-password-hasher';
import { FakeRtcRoom } from './fake-rtc-room';
import { FakeMeetingRoom } from './fake-meeting-room';
import { FakeWalletApi } from './fake-wallet-api';
import { InMemoryLocalStore, InMemorySessionStore } from './fake-key-value-store';
import { RecordingLogger } from './fake-logger';
import { RecordingNotifier } from './fake-notifier';
import { SequentialIdGenerator } from './fake-id-generator';

/** The in-memory adapters of one client, exposed so tests can inspect and steer them. */
export interface FakePorts extends PortBindings {
  readonly accountApi: FakeAccountApi;
  readonly device: FakeImDevice;
  readonly contacts: FakeContactsGateway;
  readonly groups: FakeGroupsGateway;
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
  readonly meetingRoom: FakeMeetingRoom;
  readonly mediaServerProbe: FakeMediaServerProbe;
  // New-message notices
  readonly messageNotices: FakeMessageNotices;
  readonly pageVisibility: FakePageVisibility;
  readonly network: FakeNetworkStatus;
  /** What the meeting cards join through in these tests (bound at the root, so it stands in for the room). */
  readonly meetingLauncher: FakeMeetingLauncher;
}

/** How a test client is made: its local storage (a restart, a second tab), and what its meeting cards join. */
export interface ClientOptions {
  readonly localStore?: InMemoryLocalStore;
  /** The cards join the session's own meeting room (over the fake room) instead of the fake launcher. */
  readonly meetingRoom?: boolean;
}

/**
 * One running client (a browser tab) wired exactly like an app, but on in-memory adapters: a root
 * container of ports, the sign-in outside any session, and a session scope (`openSessionScope`) opened
 * for the user once a sign-in has succeeded and closed when the session signs out. The service getters
 * read the open scope's services.
 */
export class TestClient implements SessionStarter {
  /** Sign-in, registration, codes and password reset (the /login screens). */
  readonly account: SignInService;
  private readonly root: ReturnType<typeof createContainer>;
  private current: SessionScope | undefined;
  private shortcuts: { readonly scope: SessionScope; readonly viewModels: TestViewModels } | undefined;

  constructor(
    readonly ports: FakePorts,
    options: ClientOptions = {},
  ) {
    // The harness is the tests' composition root: the only place that resolves services.
    this.root = createContainer(portsModule(ports));
    // The cards are followed here without a room, unless asked: the session's room is then the launcher.
    if (options.meetingRoom !== true) this.root.bind(MeetingLauncher, ports.meetingLauncher);
    this.account = new SignInService(ports.accountApi, this, ports.localStore, ports.clock);
  }

  /**
   * Opens a session scope for `userID`, as the app does once signed in, without starting the SDK's
   * login (`session.bootstrap()` does). A scope still open is closed first.
   */
  open(userID: string): SessionScope {
    this.closeScope();
    const scope = openSessionScope(this.root, userID);
    this.current = scope;
    // Like the app: the session's end reaches every listener first, then the scope closes.
    const ended = scope.services.session.signedOut$.subscribe(() => {
      ended.unsubscribe();
      void Promise.resolve().then(() => {
        if (this.current === scope) this.closeScope();
      });
    });
    return scope;
  }

  /**
   * A fresh session for the same user on a device whose SDK stays logged in: what the session held in
   * memory starts from nothing (as after signing out and in again); what the SDK and the server hold stays.
   */
  reopen(): SessionScope {
    return this.open(this.scope.userID);
  }

  /** What sign-in calls after a login: keeps the credentials where the session reads them, as the app does. */
  storeCredentials(userID: string, imToken: string, chatToken: string): void {
    new DeferredSessionStart(this.ports.sessionStore).storeCredentials(userID, imToken, chatToken);
  }

  /** What sign-in calls next: opens the signed-in user's scope and starts its session. */
  bootstrap(): Promise<Result<void, BootstrapError>> {
    const stored = storedSession({
      userID: this.ports.sessionStore.get(STORAGE_KEYS.session.userID),
      token: this.ports.sessionStore.get(STORAGE_KEYS.session.imToken),
    });
    if (stored === undefined) return Promise.resolve(err({ kind: 'noCredentials' }));
    return this.open(stored.userID).services.session.bootstrap();
  }

  /** The open session scope; a test that reads a service while signed out fails here. */
  get scope(): SessionScope {
    if (this.current === undefined) throw new Error('no session is open on this client');
    return this.current;
  }

  /** Whether a session scope is open (from a sign-in until the session ends). */
  get signedIn(): boolean {
    return this.current !== undefined;
  }

  /** The open session's services under the names the view models use. */
  get services(): SessionServices {
    return this.scope.services;
  }

  /**
   * The view-model factories over the open session's services, as the shell provides them to views, with
   * a method for each view model that loads with its views (`viewModels.balance()`).
   */
  get viewModels(): TestViewModels {
    const scope = this.scope;
    if (this.shortcuts?.scope !== scope)
      this.shortcuts = { scope, viewModels: withShortcuts(scope.viewModels) };
    return this.shortcuts.viewModels;
  }

  get session() {
    return this.services.session;
  }
  get capabilities() {
    return this.services.capabilities;
  }
  get currentUser() {
    return this.services.currentUser;
  }
  get contacts() {
    return this.services.contacts;
  }
  get conversations() {
    return this.services.conversations;
  }
  get chat() {
    return this.services.chat;
  }
  get pins() {
    return this.services.pinnedMessages;
  }
  /** Forwarding, loaded on first use as in the app. */
  forward() {
    return this.services.forwardMessages();
  }
  get search() {
    return this.services.topSearch;
  }
  get contactActions() {
    return this.services.contactActions;
  }
  get groupActions() {
    return this.services.groupActions;
  }
  get picker() {
    return this.services.memberPicker;
  }
  get settings() {
    return this.services.settings;
  }
  get profile() {
    return this.services.profile;
  }
  get wallet() {
    return this.services.wallet;
  }
  get calls() {
    return this.services.calls;
  }
  get meetings() {
    return this.services.meetingRoom;
  }
  get notifications() {
    return this.services.notifications;
  }

  /** Closes the open session scope and ends the sign-in's timers, as an app does on unload. */
  dispose(): void {
    this.closeScope();
    this.account.dispose();
  }

  get userID(): string {
    return this.currentUser.id();
  }

  get toasts(): RecordingNotifier {
    return this.ports.notifier;
  }

  // The services are disposed at once; what is left of the close (unbinding) needs no waiting for.
  private closeScope(): void {
    const scope = this.current;
    this.current = undefined;
    void scope?.close();
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
  client(options: ClientOptions = {}): TestClient {
    return new TestClient(this.ports(options), options);
  }

  /**
   * A client whose session scope is open for `userID` while its SDK has not logged in (the moment
   * between a sign-in and the SDK's login, or a login that failed): its calls to the server fail.
   */
  opened(userID: string, options: { readonly localStore?: InMemoryLocalStore } = {}): TestClient {
    const client = this.client(options);
    client.open(userID);
    return client;
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
      meetingRoom: new FakeMeetingRoom(),
      mediaServerProbe: new FakeMediaServerProbe(),
      messageNotices: new FakeMessageNotices(),
      pageVisibility: new FakePageVisibility(),
      network: new FakeNetworkStatus(),
      meetingLauncher: new FakeMeetingLauncher(),
    };
  }

  /**
   * A client with stored credentials for `userID`, bootstrapped and settled; pass another client's local
   * store for a second tab of the same browser.
   */
  async signIn(userID: string, options: ClientOptions = {}): Promise<TestClient> {
    const client = this.client(options);
    const token = this.backend.user(userID).token;
    client.ports.sessionStore.set(STORAGE_KEYS.session.userID, userID);
    client.ports.sessionStore.set(STORAGE_KEYS.session.imToken, token);
    const result = await client.bootstrap();
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
