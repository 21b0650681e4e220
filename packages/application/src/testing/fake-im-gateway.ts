import type { Observable, Subject } from 'rxjs';
import type { DeviceSink } from './fake-backend-users';
import type { FakeBackend } from './fake-backend';

/**
 * What a port of the FakeImDevice needs of the device that owns it. Stated here rather than imported
 * so that the device and its ports do not import each other.
 */
export interface GatewayDevice {
  readonly backend: FakeBackend;
  readonly sink: DeviceSink;
  readonly userID: string | undefined;
  requireSynced(conversationID: string): void;
  listen<T>(subject: Subject<T>): Observable<T>;
  me(): string;
  attach(userID: string, token: string): void;
  detach(): void;
}

/** Async boundary: every fake call resolves on a later microtask, like the SDK worker. */
export async function later<T>(fn: () => T): Promise<T> {
  await Promise.resolve();
  return fn();
}
