// Loaded with a dynamic import after sign-in: it pulls in the IM SDK (and its 36 MB wasm), the DI
// container and the chat and wallet API clients (axios), none of which the sign-in page needs.
import {
  createContainer,
  openSessionScope,
  portsModule,
  type CallDeviceKind,
  type FileUploader,
  type LocalStore,
  type Logger,
  type MessageNotices,
  type SessionScope,
  type SessionStore,
} from '@teamim/application';
import { createChatApi, createWalletApi, Md5PasswordHasher, type ChatApiError } from '@teamim/adapters-http';
import { createOpenImPorts, createOpenImSdk, type BusinessInfoSource } from '@teamim/adapters-openim';
import { STORAGE_KEYS } from '@teamim/domain';
// The media-room client (livekit-client) is not in this chunk: the adapter loads it when a call needs it.
import {
  createMeetingRoom,
  createRtcRoom,
  LiveKitCallDevices,
  LiveKitCallMedia,
  LiveKitServerProbe,
  loadLiveKit,
} from '@teamim/adapters-livekit';
import { BrowserClock, ConsoleLogger, RandomIdGenerator, type StreamNotifier } from './browser-ports';
import { CanvasFileProcessor } from './canvas-file-processor';
import { prefetchCallsWhenSynced } from './idle-prefetch';
import { BrowserMessageNotices, DocumentVisibility } from './browser-notices';
import { BrowserNetworkStatus } from './browser-network';
import type { ClientConfig } from './config';

export interface SignedInDeps {
  readonly config: ClientConfig;
  readonly localStore: LocalStore;
  readonly sessionStore: SessionStore;
  readonly notifier: StreamNotifier;
  readonly verbose: boolean;
  /** Called when the chat or wallet API answers with a code that ends the session (spec §8). */
  readonly onLoginExpired: (error: ChatApiError) => void;
  // The desktop shell's notices and its log files instead of the browser's notices and console
  readonly messageNotices?: MessageNotices;
  readonly logger?: Logger;
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

export interface SessionFactory {
  /** Opens a session scope, a child container with the signed-in user's services, per sign-in. */
  open(selfUserID: string): SessionScope;
  /** The SDK's object-storage uploader (the desktop's log upload uses it outside any session view). */
  readonly fileUploader: FileUploader;
}

/** Loads the IM SDK and builds the app-wide root container of ports (once per page). */
export async function createSessionFactory(deps: SignedInDeps): Promise<SessionFactory> {
  const chatToken = () => deps.sessionStore.get(STORAGE_KEYS.session.chatToken) ?? '';
  const apiConfig = { baseURL: deps.config.chatAddr };
  const chatApi = createChatApi(
    apiConfig,
    { getToken: chatToken, onLoginExpired: deps.onLoginExpired },
    {
      selfUserID: () => deps.sessionStore.get(STORAGE_KEYS.session.userID) ?? '',
      ...(deps.config.userSearchPath === '' ? {} : { userSearchPath: deps.config.userSearchPath }),
      ...(deps.config.livekitUrl === '' ? {} : { livekitUrl: deps.config.livekitUrl }),
    },
  );
  const walletApi = createWalletApi(apiConfig, { getToken: chatToken, onLoginExpired: deps.onLoginExpired });
  // The business fields complete self info; without them the user can still chat, so a failing chat
  // API must not fail the sign-in (spec §4 only requires the IM self info).
  const businessInfo: BusinessInfoSource = async (userID) => {
    try {
      const [user] = await chatApi.findUsers([userID]);
      if (user === undefined) return {};
      const { userID: _id, ...business } = user;
      return business;
    } catch (error: unknown) {
      console.warn('self business info unavailable', error);
      return {};
    }
  };
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
    businessInfo,
  );
  // One media room per page: a user is in at most one call, whichever session placed it.
  const rtcRoom = createRtcRoom();
  const meetingRoom = createMeetingRoom();
  // The device chosen in a call's or a meeting's menu is used by both, now and next time.
  const deviceRooms = {
    selectDevice: async (kind: CallDeviceKind, deviceID: string) => {
      await Promise.all([rtcRoom.selectDevice(kind, deviceID), meetingRoom.selectDevice(kind, deviceID)]);
    },
  };
  const root = createContainer(
    portsModule({
      imSession: im.session,
      contacts: im.contacts,
      groups: im.groups,
      conversations: im.conversations,
      messages: im.messages,
      callSignalling: im.callSignalling,
      chatApi,
      walletApi,
      passwordHasher: new Md5PasswordHasher(),
      rtcRoom,
      localStore: deps.localStore,
      sessionStore: deps.sessionStore,
      clock: new BrowserClock(),
      idGenerator: new RandomIdGenerator(),
      logger: deps.logger ?? new ConsoleLogger(deps.verbose),
      notifier: deps.notifier,
      fileProcessor: new CanvasFileProcessor(),
      fileUploader: im.fileUploader,
      callDevices: new LiveKitCallDevices(deviceRooms),
      callMedia: new LiveKitCallMedia(rtcRoom),
      meetingRoom,
      mediaServerProbe: new LiveKitServerProbe(),
      // New-message notices while the page (or the desktop window) is hidden
      messageNotices: deps.messageNotices ?? new BrowserMessageNotices(),
      pageVisibility: new DocumentVisibility(),
      network: new BrowserNetworkStatus(),
    }),
  );
  // Wallet and calls appear only where the deployment has them (a real OpenIM has no wallet API).
  return {
    open(selfUserID) {
      const scope = openSessionScope(root, selfUserID);
      scope.services.capabilities.configure(deps.config.features);
      scope.services.calls.configure({ timeoutSeconds: deps.config.callTimeoutSeconds });
      const prefetch = prefetchCallsWhenSynced(
        scope.services.session.sync$,
        scope.services.capabilities.features$,
        () => {
          loadLiveKit.prefetch();
          scope.services.meetings.prefetch();
        },
      );
      scope.services.session.signedOut$.subscribe(() => prefetch.unsubscribe());
      return scope;
    },
    fileUploader: im.fileUploader,
  };
}
