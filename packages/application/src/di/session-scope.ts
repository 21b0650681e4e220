import { Container } from 'inversify';
import type { SessionServices } from '../presentation/session-services';
import { SessionViewModels } from '../presentation/session-view-models';
import { applicationModule, meetingLauncherModule } from './application.module';
import { creationOrder, SelfUserID, SESSION_BINDINGS } from './session-bindings';

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
 * Opens a session scope for `selfUserID` (once the sign-in has succeeded) under `root`, which holds only
 * the ports (the SDK adapters, storage, clock, notifier): a child container in which every session
 * service is a singleton of this session. Closing the scope disposes the view models, then every
 * service, each before the services it depends on (their subscriptions to the ports end, their streams
 * complete), and drops the container, so the next sign-in starts from nothing.
 */
export function openSessionScope(root: Container, selfUserID: string): SessionScope {
  const container = new Container({ parent: root, defaultScope: 'Singleton' });
  container.bind(SelfUserID).toConstantValue(selfUserID);
  container.loadSync(applicationModule, meetingLauncherModule);
  const order = creationOrder();
  const resolved: Partial<Record<keyof SessionServices, unknown>> = {};
  for (const name of order) resolved[name] = container.get(SESSION_BINDINGS[name].type);
  for (const [name, binding] of Object.entries(SESSION_BINDINGS)) {
    if (binding.kind === 'port') resolved[name as keyof SessionServices] = container.get(binding.token);
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
    async close() {
      if (closed) return;
      closed = true;
      viewModels.dispose();
      for (const name of [...order].reverse()) services[name].dispose();
      await container.unbindAll();
    },
  };
}
