export { SdkCallError, SdkClient } from './client';
export { EventWaitTimeout } from './events';
export { SdkHarness } from './harness';
export type { HarnessServer } from './harness';
// The SDK's own entity types, for scenario code (only tests/support/sdk may import the SDK).
export type { ConversationItem, MessageItem } from '@openim/wasm-client-sdk';
