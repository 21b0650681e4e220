import { describe, expect, it } from 'vitest';
import { firstValueFrom } from 'rxjs';
import { SessionType } from '@teamim/domain';
import { ChatStore } from '../messages/chat.store';
import { CurrentUser } from '../session/current-user';
import { SessionService } from '../session/session.service';
import { BalanceViewModel, balanceViewModel } from '../presentation/wallet/balance.view-model';
import { WalletService } from '../wallet/wallet.service';
import { TestWorld } from '../testing';
import { ImSession } from '../ports/im-session.port';
import { createContainer } from './create-container';
import { portsModule } from './ports.module';
import { openSessionScope } from './session-scope';

describe('the session wiring', () => {
  it('builds the session services once the ports are bound, and refuses without them', () => {
    expect(() => openSessionScope(createContainer(), 'alice')).toThrow(/nothing is bound/);
    const ports = new TestWorld().ports();
    const root = createContainer(portsModule(ports));
    expect(root.get(ImSession)).toBe(ports.imSession);
    expect(() => root.bind(ImSession, ports.imSession)).toThrow(/bound twice/);
    const scope = openSessionScope(root, 'alice');
    expect(scope.services.chat).toBeInstanceOf(ChatStore);
    expect(scope.services.wallet).toBeInstanceOf(WalletService);
    expect(scope.services.currentUser).toBeInstanceOf(CurrentUser);
    expect(scope.services.currentUser.id()).toBe('alice');
    // One instance per session: a service's dependants share it.
    expect(scope.services.session).toBeInstanceOf(SessionService);
    expect(openSessionScope(root, 'bob').services.currentUser.id()).toBe('bob');
  });

  it('builds a view model from the factory its feature exports, and disposes it with the scope', async () => {
    const scope = openSessionScope(createContainer(portsModule(new TestWorld().ports())), 'alice');
    const balance = scope.viewModels.build(balanceViewModel);
    expect(balance).toBeInstanceOf(BalanceViewModel);
    expect(scope.viewModels.aliveCount).toBe(1);
    await scope.close();
    expect(balance.disposed).toBe(true);
  });

  it('the session needs no account port: the sign-in lives outside it', () => {
    const { accountApi, ...withoutAccountApi } = new TestWorld().ports();
    expect(accountApi).toBeDefined();
    const scope = openSessionScope(createContainer(portsModule(withoutAccountApi)), 'alice');
    expect(scope.services.session).toBeInstanceOf(SessionService);
  });

  it('state streams replay their current value to late subscribers', async () => {
    const world = new TestWorld().users('alice', 'bob');
    const alice = await world.signIn('alice');
    await alice.conversations.open('bob', SessionType.Single);
    await alice.chat.sendText('hi');

    // Subscribing after the fact still yields the current state synchronously.
    let seen: number | undefined;
    alice.chat.state$.subscribe((s) => (seen = s.messages.length)).unsubscribe();
    expect(seen).toBe(1);
    expect((await firstValueFrom(alice.conversations.conversations$)).length).toBe(1);
    expect((await firstValueFrom(alice.currentUser.selfInfo$))?.userID).toBe('alice');
  });

  it('disposing the services leaves no subscription on the ports', async () => {
    const world = new TestWorld().users('alice');
    const alice = await world.signIn('alice');
    const sink = alice.ports.device.sink;
    expect(sink.messages.observed).toBe(true);

    alice.dispose();

    for (const subject of [sink.session, sink.contacts, sink.groups, sink.conversations, sink.messages]) {
      expect(subject.observed).toBe(false);
    }
  });
});
