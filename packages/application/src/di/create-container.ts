import type { Token } from './session-bindings';

/**
 * The root container of a page: one instance per port, bound once by the composition root and read by
 * every session scope (`openSessionScope`). It holds values only; the session's services are built by
 * the scope from their one declaration (`SESSION_BINDINGS`), which already names each service's
 * dependencies in order, so no DI library is needed (nor loaded before the conversation list).
 */
export class PortContainer {
  private readonly values = new Map<Token<unknown>, unknown>();

  /** Binds `token` to `value`; a token is bound once. */
  bind<T>(token: Token<T>, value: T): void {
    if (this.values.has(token)) throw new Error(`${describe(token)} is bound twice`);
    this.values.set(token, value);
  }

  /** Whether `token` is bound. */
  has(token: Token<unknown>): boolean {
    return this.values.has(token);
  }

  /** The value bound to `token`; throws if none is (a port the composition root forgot). */
  get<T>(token: Token<T>): T {
    if (!this.values.has(token)) throw new Error(`nothing is bound to ${describe(token)}`);
    return this.values.get(token) as T;
  }
}

/** What a package contributes to the root container (the ports' adapters: `portsModule`). */
export type ContainerModule = (container: PortContainer) => void;

function describe(token: Token<unknown>): string {
  return typeof token === 'symbol' ? token.toString() : token.name;
}

/**
 * Builds the root container from package modules. Only composition roots (apps, the test harness) call
 * this and open session scopes over the result.
 */
export function createContainer(...modules: readonly ContainerModule[]): PortContainer {
  const container = new PortContainer();
  for (const load of modules) load(container);
  return container;
}
