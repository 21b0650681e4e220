import type { SessionServices } from '../presentation/session-services';
import { SessionViewModels } from '../presentation/session-view-models';
import type { PortContainer } from './create-container';
import { buildOnFirstUse } from '../shared/lazy-service';
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
 * port of the root, a service built before it, or the own user id); a lazy service is built on its first
 * use. Closing the scope disposes the view models, then the lazy services that were built, then every
 * other service, each before the services it depends on (their subscriptions to the ports end, their
 * streams complete), so the next sign-in starts from nothing.
 */
export function openSessionScope(root: PortContainer, selfUserID: string): SessionScope {
  const order = creationOrder();
  const built = new Map<Token<unknown>, unknown>([[SelfUserID, selfUserID]]);
  // A service that implements a seam (MeetingRoomService, the MeetingLauncher) is what a dependency on the
  // seam gets, unless the root supplies the seam itself (the application tests follow the cards without a room).
  const seams = new Map<Token<unknown>, unknown>();
  const resolve = (token: Token<unknown>): unknown => {
    if (built.has(token)) return built.get(token);
    if (!root.has(token) && seams.has(token)) return seams.get(token);
    return root.get(token);
  };
  const resolved: Partial<Record<keyof SessionServices, unknown>> = {};
  const disposables: Disposable[] = [];
  // Built on first use, so in any order; each depends only on what the scope built when it opened.
  const lazyBuilt: Disposable[] = [];
  let closed = false;
  try {
    for (const name of order) {
      const binding = SESSION_BINDINGS[name];
      const service = binding.create(binding.deps.map(resolve));
      built.set(binding.type, service);
      const seam: unknown = Object.getPrototypeOf(binding.type);
      if (seam !== Function.prototype) seams.set(seam as Token<unknown>, service);
      resolved[name] = service;
      disposables.push(service);
    }
    for (const [name, binding] of Object.entries(SESSION_BINDINGS)) {
      if (binding.kind === 'port') resolved[name as keyof SessionServices] = resolve(binding.token);
      if (binding.kind === 'lazy')
        resolved[name as keyof SessionServices] = buildOnFirstUse(binding.load, {
          build: (create) => {
            const service = create(binding.deps.map(resolve));
            lazyBuilt.push(service);
            return service;
          },
          closed: () => closed,
        });
    }
  } catch (error: unknown) {
    // A missing port or a failing constructor: what was built so far must not keep listening.
    for (const service of disposables.reverse()) service.dispose();
    throw error;
  }
  const services = resolved as SessionServices;
  const viewModels = new SessionViewModels(services);
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
      for (const service of lazyBuilt.reverse()) service.dispose();
      for (const name of [...order].reverse()) services[name].dispose();
      return Promise.resolve();
    },
  };
}
