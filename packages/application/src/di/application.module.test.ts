import { describe, expect, it } from 'vitest';
import { firstValueFrom } from 'rxjs';
import { SessionType } from '@teamim/domain';
import { SignInService } from '../account/sign-in.service';
import { ChatStore } from '../messages/chat.store';
import { TestWorld } from '../testing';
import { applicationModule } from './application.module';
import { createContainer } from './create-container';
import { portsModule } from './ports.module';

describe('applicationModule', () => {
  it('resolves services as singletons once the ports are bound, and refuses without ports', () => {
    expect(() => createContainer(applicationModule).get(ChatStore)).toThrow();
    const world = new TestWorld();
    const client = world.client();
    expect(client.chat).toBeInstanceOf(ChatStore);
  });

  it('the account port is optional: without it everything but SignInService resolves', () => {
    const world = new TestWorld();
    const withAccounts = world.client();
    expect(withAccounts.account).toBeInstanceOf(SignInService);
    const { accountApi, ...withoutAccountApi } = withAccounts.ports;
    expect(accountApi).toBeDefined();
    const container = createContainer(portsModule(withoutAccountApi), applicationModule);
    expect(container.get(ChatStore)).toBeInstanceOf(ChatStore);
    expect(() => container.get(SignInService)).toThrow();
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
