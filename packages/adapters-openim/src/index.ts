import { OpenImCallSignalling } from './call-signalling';
import { OpenImContacts } from './contacts';
import { OpenImContext } from './context';
import { OpenImConversations } from './conversations';
import { OpenImFileUploader } from './file-uploader';
import { OpenImGroups } from './groups';
import { OpenImDirectory } from './im-api';
import { refuseCallsAfterLogout } from './logout-gate';
import { OpenImMessages } from './messages';
import type { OpenImConnectionConfig, OpenImSdk } from './sdk';
import { OpenImSession, type BusinessInfoSource } from './session';

export { OpenImCallSignalling } from './call-signalling';
export { OpenImContacts } from './contacts';
export { OpenImConversations } from './conversations';
export { OpenImFileUploader } from './file-uploader';
export { OpenImGroups } from './groups';
export { OpenImContext } from './context';
export { OpenImDirectory, type FetchLike } from './im-api';
export { OpenImMessages } from './messages';
export { OpenImSession } from './session';
export type { BusinessInfoSource, BusinessSelfInfo } from './session';
export { SDK_FAILURE_CODE, toRemoteError } from './errors';
export { createOpenImSdk } from './sdk';
export type {
  OpenImAssetConfig,
  OpenImConnectionConfig,
  OpenImEvent,
  OpenImEventName,
  OpenImHandler,
  OpenImSdk,
  OpenImSdkMethod,
} from './sdk';

/** The IM ports of one client, all over the same injected SDK instance. */
export interface OpenImPorts {
  readonly session: OpenImSession;
  readonly contacts: OpenImContacts;
  readonly groups: OpenImGroups;
  readonly conversations: OpenImConversations;
  readonly messages: OpenImMessages;
  readonly callSignalling: OpenImCallSignalling;
  readonly fileUploader: OpenImFileUploader;
}

/**
 * Builds the IM adapters of one client. `sdk` is the instance from `createOpenImSdk` (production) or
 * any object with the same methods and callbacks (tests run the real SDK in a Node worker). `businessInfo`
 * completes self info with the chat API's fields (adapters never import each other, so the root wires it).
 */
export function createOpenImPorts(
  sdk: OpenImSdk,
  config: OpenImConnectionConfig,
  businessInfo?: BusinessInfoSource,
): OpenImPorts {
  sdk = refuseCallsAfterLogout(sdk);
  const context = new OpenImContext();
  const directory = new OpenImDirectory(config.apiAddr, context);
  const messages = new OpenImMessages(sdk, context, directory);
  return {
    session: new OpenImSession(sdk, config, context, businessInfo),
    contacts: new OpenImContacts(sdk, directory, context),
    groups: new OpenImGroups(sdk, directory),
    conversations: new OpenImConversations(sdk, directory),
    messages,
    callSignalling: new OpenImCallSignalling(sdk, context, messages.live$),
    fileUploader: new OpenImFileUploader(sdk),
  };
}
