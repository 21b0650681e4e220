import { ContainerModule } from 'inversify';
import { MeetingLauncher } from '../meetings/meeting-launcher';
import { MeetingRoomService } from '../meetings/meeting-room.service';
import { SESSION_BINDINGS, type Disposable, type PortBinding, type ServiceBinding } from './session-bindings';

/**
 * The session's services, bound from their one declaration (`SESSION_BINDINGS`). Every binding is a
 * singleton built with `toResolvedValue`, so no class carries decorators or metadata. The ports must be
 * bound by the parent container (see `portsModule`) and the own user id by the scope (`openSessionScope`).
 */
export const applicationModule = new ContainerModule(({ bind }) => {
  const bindings: readonly (ServiceBinding<Disposable> | PortBinding<unknown>)[] =
    Object.values(SESSION_BINDINGS);
  for (const binding of bindings) {
    if (binding.kind !== 'service') continue;
    bind<Disposable>(binding.type)
      .toResolvedValue((...args: unknown[]) => binding.create(args), [...binding.deps])
      .inSingletonScope();
  }
});

/**
 * The meeting cards join through the seam, and the session's room is its implementation, unless the
 * root supplies one: the application tests do, to follow the cards without a room.
 */
export const meetingLauncherModule = new ContainerModule(({ bind, isBound }) => {
  if (!isBound(MeetingLauncher)) bind(MeetingLauncher).toService(MeetingRoomService);
});
