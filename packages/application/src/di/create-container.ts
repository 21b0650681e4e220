import { Container, type ContainerModule } from 'inversify';

/**
 * Builds a container from package modules. Only composition roots (apps, the test harness) call this and
 * resolve services from the result; keeping it here confines the inversify API to one place.
 */
export function createContainer(...modules: readonly ContainerModule[]): Container {
  const container = new Container({ defaultScope: 'Singleton' });
  container.loadSync(...modules);
  return container;
}
