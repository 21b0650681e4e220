import { RemoteError } from '@teamim/application';
import type { OpenImSdk } from './sdk';

/** The SDK's own code for a call made while no user is logged in (sdkerrs LoginOutError). */
const LOGGED_OUT_CODE = 10101;

/** How long a logout waits for the calls already under way before the SDK closes the user's database. */
export const LOGOUT_DRAIN_MS = 3_000;

/** Methods that work whether or not a user is logged in. */
const ALWAYS_OPEN: ReadonlySet<PropertyKey> = new Set(['login', 'logout', 'on', 'off']);

/**
 * The SDK with its calls refused from `logout` until the next `login`, and the logout held until the calls
 * already under way have answered (at most {@link LOGOUT_DRAIN_MS}). The SDK's logout closes the user's
 * database in its worker: a call still running there (the lists read again after a sync, a draft saved as
 * its chat closes) would fail inside the worker, with an error on the page's console and a failure toast
 * after the sign-out. Refused here, a late call fails like the SDK's own logged-out answer.
 */
export function refuseCallsAfterLogout(sdk: OpenImSdk): OpenImSdk {
  let loggedOut = false;
  const running = new Set<Promise<unknown>>();
  const drained = (): Promise<void> =>
    new Promise((resolve) => {
      const timer = setTimeout(resolve, LOGOUT_DRAIN_MS);
      void Promise.allSettled([...running]).then(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  return new Proxy(sdk, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      const method = value as (...args: unknown[]) => unknown;
      if (property === 'logout') {
        return async (...args: unknown[]) => {
          loggedOut = true;
          await drained();
          return method.apply(target, args);
        };
      }
      if (ALWAYS_OPEN.has(property)) {
        return (...args: unknown[]) => {
          if (property === 'login') loggedOut = false;
          return method.apply(target, args);
        };
      }
      return (...args: unknown[]) => {
        if (loggedOut) {
          return Promise.reject(
            new RemoteError(LOGGED_OUT_CODE, `${String(property)}: no user is logged in`),
          );
        }
        const result = method.apply(target, args);
        if (result instanceof Promise) {
          running.add(result);
          const forget = () => running.delete(result);
          result.then(forget, forget);
        }
        return result;
      };
    },
  });
}
