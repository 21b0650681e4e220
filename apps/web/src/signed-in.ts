// Loaded with a dynamic import after sign-in: it pulls in the IM SDK (and its 36 MB wasm), the DI
// container and the media-room client, none of which the sign-in page needs.
import {
  applicationModule,
  ChatStore,
  ContactActions,
  ContactStore,
  ConversationStore,
  createContainer,
  CurrentUser,
  ForwardMessages,
  GroupActions,
  MemberPickerStore,
  PinnedMessagesStore,
  portsModule,
  ProfileService,
  SessionService,
  SettingsStore,
  TopSearchStore,
  type ChatApi,
  type LocalStore,
  type PasswordHasher,
  type SessionStore,
  type WalletApi,
} from '@teamim/application';
import { createOpenImPorts, createOpenImSdk, type BusinessInfoSource } from '@teamim/adapters-openim';
import { createRtcRoom } from '@teamim/adapters-livekit';
import type { SignedInServices } from '@teamim/ui-react';
import {
  BrowserClock,
  ConsoleLogger,
  RandomIdGenerator,
  UnavailableFileProcessor,
  type StreamNotifier,
} from './browser-ports';
import type { ClientConfig } from './config';

export interface SignedInDeps {
  readonly config: ClientConfig;
  readonly chatApi: ChatApi;
  readonly walletApi: WalletApi;
  readonly passwordHasher: PasswordHasher;
  readonly localStore: LocalStore;
  readonly sessionStore: SessionStore;
  readonly notifier: StreamNotifier;
  readonly verbose: boolean;
  /** The chat API's business fields of self info (e-mail, phone, gender, allow flags, pay password). */
  readonly businessInfo: BusinessInfoSource;
}

/** The SDK's Go runtime glue must be a classic script on the page before the SDK starts. */
function loadScript(src: string): Promise<void> {
  if (document.querySelector(`script[data-src="${src}"]`) !== null) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.dataset['src'] = src;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`could not load ${src}`));
    document.head.append(script);
  });
}

export async function createSignedInServices(deps: SignedInDeps): Promise<SignedInServices> {
  const base = deps.config.openimAssetsBase;
  await loadScript(`${base}wasm_exec.js`);
  const sdk = await createOpenImSdk({
    coreWasmPath: `${base}openIM.wasm`,
    sqlWasmPath: `${base}sql-wasm.wasm`,
    debug: deps.verbose,
  });
  const im = createOpenImPorts(
    sdk,
    {
      apiAddr: deps.config.apiAddr,
      wsAddr: deps.config.wsAddr,
      platformID: deps.config.platformID,
    },
    deps.businessInfo,
  );
  const container = createContainer(
    applicationModule,
    portsModule({
      imSession: im.session,
      contacts: im.contacts,
      groups: im.groups,
      conversations: im.conversations,
      messages: im.messages,
      callSignalling: im.callSignalling,
      chatApi: deps.chatApi,
      walletApi: deps.walletApi,
      passwordHasher: deps.passwordHasher,
      rtcRoom: createRtcRoom(),
      localStore: deps.localStore,
      sessionStore: deps.sessionStore,
      clock: new BrowserClock(),
      idGenerator: new RandomIdGenerator(),
      logger: new ConsoleLogger(deps.verbose),
      notifier: deps.notifier,
      fileProcessor: new UnavailableFileProcessor(),
      fileUploader: im.fileUploader,
    }),
  );
  return {
    session: container.get(SessionService),
    currentUser: container.get(CurrentUser),
    contacts: container.get(ContactStore),
    conversations: container.get(ConversationStore),
    chat: container.get(ChatStore),
    pinnedMessages: container.get(PinnedMessagesStore),
    forwardMessages: container.get(ForwardMessages),
    topSearch: container.get(TopSearchStore),
    contactActions: container.get(ContactActions),
    groupActions: container.get(GroupActions),
    memberPicker: container.get(MemberPickerStore),
    settings: container.get(SettingsStore),
    profile: container.get(ProfileService),
  };
}
