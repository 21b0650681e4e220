export { SdkCallError, SdkClient, sdkPackageDir } from './client';
export type { SdkApi, SdkClientMetrics, SdkLoginOptions, SdkMethodName } from './client';
export { EventRecorder, EventWaitTimeout } from './events';
export type { DataOf, RecordedEvent, SdkEventData, SdkEventName } from './events';
export { SdkHarness } from './harness';
export type { HarnessServer } from './harness';
