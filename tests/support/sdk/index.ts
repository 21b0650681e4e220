export { SdkCallError, SdkClient, sdkPackageDir } from './client';
export type { SdkApi, SdkClientMetrics, SdkLoginOptions, SdkMethodName } from './client';
export { EventRecorder, EventWaitTimeout } from './events';
export type { DataOf, RecordedEvent, SdkEventData, SdkEventName } from './events';
export { SdkHarness } from './harness';
export type { HarnessServer } from './harness';
// The SDK's own entity types, for scenario code (only tests/support/sdk may import the SDK).
export type {
  BlackUserItem,
  ConversationItem,
  FriendApplicationItem,
  FriendUserItem,
  MessageItem,
  RevokedInfo,
  SelfUserInfo,
} from '@openim/wasm-client-sdk';
