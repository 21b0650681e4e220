import type { SessionServices } from '../presentation/session-services';
import { SessionViewModels } from '../presentation/session-view-models';
import type { PortContainer } from './create-container';
import { creationOrder, SelfUserID, SESSION_BINDINGS, type Disposable, type Token } from './session-bindings';

/** One signed-in user's services and view-model factories; `close()` ends all of them. */
export interface SessionScope {
  /** The user the scope was opened for. */
  readonly userID: string;
  readonly services: SessionServices;
  readonly viewModels: SessionViewModels;
  readonly closed: boolean;
  close(): Promise<void>;
}

/**
 * Opens a session scope for `selfUserID` (once the sign-in has succeeded) over `root`, which holds only
 * the ports (the SDK adapters, storage, clock, notifier): every service of `SESSION_BINDINGS` is built
 * once for this session, each after the services it depends on, from the tokens its binding names (a
 * port of the root, a service built before it, or the own user id). Closing the scope disposes the view
 * models, then every service, each before the services it depends on (their subscriptions to the ports
 * end, their streams complete), so the next sign-in starts from nothing.
 */
export function openSessionScope(root: PortContainer, selfUserID: string): SessionScope {
  const order = creationOrder();
  const built = new Map<Token<unknown>, unknown>([[SelfUserID, selfUserID]]);
  const resolve = (token: Token<unknown>): unknown => (built.has(token) ? built.get(token) : root.get(token));
  const resolved: Partial<Record<keyof SessionServices, unknown>> = {};
  const disposables: Disposable[] = [];
  try {
    for (const name of order) {
      const binding = SESSION_BINDINGS[name];
      const service = binding.create(binding.deps.map(resolve));
      built.set(binding.type, service);
      resolved[name] = service;
      disposables.push(service);
    }
    for (const [name, binding] of Object.entries(SESSION_BINDINGS)) {
      if (binding.kind === 'port') resolved[name as keyof SessionServices] = resolve(binding.token);
    }
  } catch (error: unknown) {
    // A missing port or a failing constructor: what was built so far must not keep listening.
    for (const service of disposables.reverse()) service.dispose();
    throw error;
  }
  const services = resolved as SessionServices;
  const viewModels = new SessionViewModels(services);
  let closed = false;
  return {
    userID: selfUserID,
    services,
    viewModels,
    get closed() {
      return closed;
    },
    close() {
      if (closed) return Promise.resolve();
      closed = true;
      viewModels.dispose();
      for (const name of [...order].reverse()) services[name].dispose();
      return Promise.resolve();
    },
  };
}
