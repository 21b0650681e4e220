import { RemoteError } from '@teamim/application';
import type { OpenImSdk } from './sdk';

/** The SDK's own code for a call made while no user is logged in (sdkerrs LoginOutError). */
export const LOGGED_OUT_CODE = 10101;

/** Methods that work whether or not a user is logged in. */
const ALWAYS_OPEN: ReadonlySet<PropertyKey> = new Set(['login', 'logout', 'on', 'off']);

/**
 * The SDK with its calls refused from `logout` until the next `login`. After a logout the wasm worker has
 * closed the user's database, and a late call (a draft saved as its chat closes, a read mark on the way)
 * would reach it and fail there with an error on the page's console; refused here, it fails like the
 * SDK's own logged-out answer and nothing reaches the worker.
 */
export function refuseCallsAfterLogout(sdk: OpenImSdk): OpenImSdk {
  let loggedOut = false;
  return new Proxy(sdk, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      const method = value as (...args: unknown[]) => unknown;
      if (ALWAYS_OPEN.has(property)) {
        return (...args: unknown[]) => {
          if (property === 'login') loggedOut = false;
          if (property === 'logout') loggedOut = true;
          return method.apply(target, args);
        };
      }
      return (...args: unknown[]) =>
        loggedOut
          ? Promise.reject(new RemoteError(LOGGED_OUT_CODE, `${String(property)}: no user is logged in`))
          : method.apply(target, args);
    },
  });
}
