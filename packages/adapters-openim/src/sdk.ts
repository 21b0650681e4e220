import type { CbEvents, EventDataMap, getSDK } from '@openim/wasm-client-sdk';

type FullSdk = ReturnType<typeof getSDK>;

/**
 * The SDK methods the adapters call. Every one of them is backed by the 3.8.3-patch.13 wasm (the typed
 * but unbacked ones, e.g. `deleteConversation`, are deliberately absent so they cannot be called).
 */
export type OpenImSdkMethod =
  | 'login'
  | 'logout'
  | 'getSelfUserInfo'
  | 'getUsersInfo'
  | 'getConversationListSplit'
  | 'getTotalUnreadMsgCount'
  | 'getOneConversation'
  | 'setConversation'
  | 'setConversationDraft'
  | 'deleteConversationAndDeleteAllMsg'
  | 'markConversationMessageAsRead'
  | 'createTextMessage'
  | 'createTextAtMessage'
  | 'createCustomMessage'
  | 'createImageMessageByFile'
  | 'createVideoMessageByFile'
  | 'createFileMessageByFile'
  | 'createForwardMessage'
  // Quoted replies.
  | 'createQuoteMessage'
  | 'sendMessage'
  | 'getAdvancedHistoryMessageList'
  | 'findMessageList'
  | 'revokeMessage'
  | 'deleteMessage'
  | 'setMessageLocalEx'
  | 'getFriendListPage'
  | 'getSpecifiedFriendsInfo'
  | 'getBlackList'
  | 'getFriendApplicationListAsRecipient'
  | 'getFriendApplicationListAsApplicant'
  | 'searchFriends'
  | 'addFriend'
  | 'acceptFriendApplication'
  | 'refuseFriendApplication'
  | 'deleteFriend'
  | 'updateFriends'
  | 'addBlack'
  | 'removeBlack'
  | 'getJoinedGroupList'
  | 'getSpecifiedGroupsInfo'
  | 'getGroupMemberList'
  | 'getSpecifiedGroupMembersInfo'
  | 'getUsersInGroup'
  | 'searchGroups'
  | 'createGroup'
  | 'inviteUserToGroup'
  | 'kickGroupMember'
  | 'transferGroupOwner'
  | 'joinGroup'
  | 'setGroupInfo'
  | 'setGroupMemberInfo'
  | 'changeGroupMemberMute'
  | 'changeGroupMute'
  | 'quitGroup'
  | 'dismissGroup'
  | 'getGroupApplicationListAsRecipient'
  | 'getGroupApplicationListAsApplicant'
  | 'acceptGroupApplication'
  | 'refuseGroupApplication'
  | 'uploadFile'
  // Typing in a one-to-one chat.
  | 'typingStatusUpdate';

/** The callback names the adapters listen to, as plain strings (the SDK's `CbEvents` values). */
export type OpenImEventName = `${CbEvents}`;

/** The envelope every SDK callback receives (`WSEvent` of the SDK). */
export interface OpenImEvent<T = unknown> {
  readonly data: T;
  readonly errCode?: number;
  readonly errMsg?: string;
}

type EventDataByName = { [K in keyof EventDataMap as `${K}`]: EventDataMap[K] };
/** Payload type of a callback; OnFriendApplicationAccepted is fired but missing from the SDK's map. */
export type OpenImEventData<N extends OpenImEventName> = N extends keyof EventDataByName
  ? EventDataByName[N]
  : N extends 'OnFriendApplicationAccepted'
    ? EventDataMap[CbEvents.OnFriendApplicationAdded]
    : unknown;

export type OpenImHandler = (event: OpenImEvent) => void;

/**
 * What the adapters need from an SDK instance: the object `getSDK()` returns satisfies it. It is
 * injected, so composition roots create it with their asset URLs and tests can pass one running in a
 * Node worker. `on`/`off` take plain handlers because the SDK's own generic signature is per event.
 */
export type OpenImSdk = Pick<FullSdk, OpenImSdkMethod> & {
  on(event: OpenImEventName, handler: OpenImHandler): unknown;
  off(event: OpenImEventName, handler: OpenImHandler): unknown;
};

/** Where the SDK's wasm assets are served from (copied from node_modules at build time). */
export interface OpenImAssetConfig {
  /** URL of `openIM.wasm`. */
  readonly coreWasmPath: string;
  /** URL of `sql-wasm.wasm`. */
  readonly sqlWasmPath: string;
  /** Whether the SDK logs its calls to the console (the SDK's default is true). */
  readonly debug?: boolean;
}

/** How the session logs in: the OpenIM endpoints and this client's platform. */
export interface OpenImConnectionConfig {
  /** `http://host:port/api` */
  readonly apiAddr: string;
  /** `ws://host:port/ws` */
  readonly wsAddr: string;
  /** OpenIM platform id: 5 web, 3 Windows, 4 macOS, 7 Linux. */
  readonly platformID: number;
  /** Go SDK log level (default 3). */
  readonly logLevel?: number;
  /** How long `login` waits for the connection outcome before it resolves anyway (ms, default 15 000). */
  readonly connectTimeoutMs?: number;
}

/**
 * Creates the real SDK. `wasm_exec.js` must already be loaded (a script tag in the page); the import is
 * dynamic so that loading this package never evaluates the SDK (it touches `window` at call time).
 */
export async function createOpenImSdk(assets: OpenImAssetConfig): Promise<OpenImSdk> {
  const { getSDK } = await import('@openim/wasm-client-sdk');
  const sdk = getSDK({
    coreWasmPath: assets.coreWasmPath,
    sqlWasmPath: assets.sqlWasmPath,
    debug: assets.debug ?? false,
  });
  return sdk;
}
