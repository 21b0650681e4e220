import { firstValueFrom } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@teamim/domain';
import { MeetingLauncher } from '../meetings/meeting-launcher';
import { FakeMeetingLauncher } from '../testing/fake-meeting-launcher';
import { TestWorld } from '../testing/harness';
import { createContainer } from './create-container';
import { portsModule } from './ports.module';
import { ForwardMessages } from '../messages/forward-messages.use-case';
import { callButtonsViewModel } from '../presentation/calls/call-buttons.view-model';
import { SESSION_BINDINGS } from './session-bindings';
import { openSessionScope } from './session-scope';

async function world() {
  const w = new TestWorld().users(
    { userID: 'alice', nickname: 'Alice' },
    { userID: 'bob', nickname: 'Bob' },
    { userID: 'carol', nickname: 'Carol' },
  );
  w.backend.makeFriends('alice', 'carol');
  w.backend.makeFriends('bob', 'carol');
  await w.settle();
  return w;
}

describe('session scope', () => {
  it('signing in as alice, out, and in as bob leaves nothing of alice and no subscription behind', async () => {
    const w = await world();
    const ports = w.ports();
    const root = createContainer(portsModule(ports));
    const listenersBefore = ports.device.listenerCount;

    const signIn = async (userID: string) => {
      ports.sessionStore.set(STORAGE_KEYS.session.userID, userID);
      ports.sessionStore.set(STORAGE_KEYS.session.imToken, w.backend.user(userID).token);
      const scope = openSessionScope(root, userID);
      const result = await scope.services.session.bootstrap();
      expect(result.ok).toBe(true);
      await w.settle();
      return scope;
    };

    const alice = await signIn('alice');
    // A view model per screen, as the shell would hold them.
    const list = alice.viewModels.conversationList();
    alice.viewModels.shell();
    expect(alice.viewModels.aliveCount).toBe(2);
    expect(ports.device.listenerCount).toBeGreaterThan(listenersBefore);
    expect((await firstValueFrom(alice.services.contacts.friendList$)).map((f) => f.userID)).toEqual([
      'carol',
    ]);

    await alice.services.session.logout();
    await alice.close();
    await w.settle();
    expect(alice.closed).toBe(true);
    expect(list.disposed).toBe(true);
    expect(alice.viewModels.aliveCount).toBe(0);
    // Every subscription alice's services and view models held on the ports is released.
    expect(ports.device.listenerCount).toBe(listenersBefore);

    const bob = await signIn('bob');
    expect(bob.userID).toBe('bob');
    expect(bob.services.currentUser.id()).toBe('bob');
    expect(bob.services).not.toBe(alice.services);
    expect(bob.services.contacts).not.toBe(alice.services.contacts);
    const bobsFriends = await firstValueFrom(bob.services.contacts.friendList$);
    expect(bobsFriends.map((f) => f.userID)).toEqual(['carol']);
    const bobsSelf = await firstValueFrom(bob.services.currentUser.selfInfo$);
    expect(bobsSelf?.nickname).toBe('Bob');
    const bobsList = bob.viewModels.conversationList();
    const rows = (await firstValueFrom(bobsList.state$)).rows;
    expect(rows.every((row) => !row.id.includes('alice'))).toBe(true);

    // Closing bob's scope too returns the ports to where they started, however often it is called.
    await bob.close();
    await bob.close();
    expect(ports.device.listenerCount).toBe(listenersBefore);
  });

  it('a view model disposed by its view stops counting as alive', async () => {
    const w = await world();
    const client = await w.signIn('alice');
    const vm = client.viewModels.conversationList();
    expect(client.viewModels.aliveCount).toBe(1);
    vm.dispose();
    expect(client.viewModels.aliveCount).toBe(0);
    client.dispose();
  });

  it('a session scope records each call in the chat and gives the overlay its ports (calls)', async () => {
    const w = await world();
    w.backend.makeFriends('alice', 'bob');
    const open = async (userID: string) => {
      const ports = w.ports();
      ports.sessionStore.set(STORAGE_KEYS.session.userID, userID);
      ports.sessionStore.set(STORAGE_KEYS.session.imToken, w.backend.user(userID).token);
      const scope = openSessionScope(createContainer(portsModule(ports)), userID);
      expect((await scope.services.session.bootstrap()).ok).toBe(true);
      await w.settle();
      return { scope, ports };
    };
    const alice = await open('alice');
    const bob = await open('bob');
    alice.scope.services.calls.configure({ timeoutSeconds: 5 });
    const overlay = bob.scope.viewModels.callOverlay();
    await alice.scope.viewModels.build(callButtonsViewModel).start('bob', 'video');
    await w.settle();
    expect(overlay.state).toMatchObject({ open: true, status: 'incoming' });
    await w.advance(5_000);
    expect(overlay.state.open).toBe(false);

    const records = async (ports: typeof alice.ports, peer: string) => {
      const conversation = await ports.conversations.getOneConversation(peer, 1);
      const page = await ports.messages.getHistory(conversation.conversationID, '', 20);
      return page.messages.map((m) => m.customElem?.data ?? '').filter((d) => d.includes('"customType":205'));
    };
    expect(await records(alice.ports, 'bob')).toHaveLength(1);
    expect(await records(bob.ports, 'alice')).toEqual(await records(alice.ports, 'bob'));
    expect(JSON.parse((await records(bob.ports, 'alice'))[0] ?? '{}')).toMatchObject({
      result: 'unanswered',
    });

    // Closed, the scope records nothing more.
    await alice.scope.close();
    await bob.scope.close();
    expect(overlay.disposed).toBe(true);
  });
  it('a scope opened for a user knows the id before any login, and has no self info yet', async () => {
    const w = await world();
    const scope = openSessionScope(createContainer(portsModule(w.ports())), 'alice');
    expect(scope.userID).toBe('alice');
    expect(scope.services.currentUser.id()).toBe('alice');
    expect(scope.services.currentUser.selfInfo).toBeUndefined();
    await scope.close();
  });

  it("the meeting cards join through the session's room unless the root supplies a launcher", async () => {
    const w = await world();
    const scope = openSessionScope(createContainer(portsModule(w.ports())), 'alice');
    expect(scope.services.meetingLauncher).toBe(scope.services.meetingRoom);
    await scope.close();
    const root = createContainer(portsModule(w.ports()));
    const supplied = new FakeMeetingLauncher();
    root.bind(MeetingLauncher, supplied);
    const tested = openSessionScope(root, 'alice');
    expect(tested.services.meetingLauncher).toBe(supplied);
    await tested.close();
  });

  it('closing a scope disposes every session service, each before the services it depends on', async () => {
    const w = await world();
    const scope = openSessionScope(createContainer(portsModule(w.ports())), 'alice');
    const disposed: string[] = [];
    const owned = Object.entries(SESSION_BINDINGS).filter(([, binding]) => binding.kind === 'service');
    for (const [name] of owned) {
      const service = scope.services[name as keyof typeof scope.services] as { dispose(): void };
      const dispose = service.dispose.bind(service);
      service.dispose = () => {
        disposed.push(name);
        dispose();
      };
    }

    await scope.close();

    expect([...disposed].sort()).toEqual(owned.map(([name]) => name).sort());
    const typeNames = new Map(
      owned.map(([name, binding]) => [binding.kind === 'service' && binding.type, name]),
    );
    for (const [name, binding] of owned) {
      if (binding.kind !== 'service') continue;
      for (const dependency of binding.deps) {
        const needed = typeNames.get(dependency as never);
        if (needed !== undefined) expect(disposed.indexOf(name)).toBeLessThan(disposed.indexOf(needed));
      }
    }
  });

  it('a lazy service is built on first use, once, and disposed with the scope before what it uses', async () => {
    const w = await world();
    const scope = openSessionScope(createContainer(portsModule(w.ports())), 'alice');
    const forwarding = scope.services.forwardMessages;
    expect(forwarding.loaded()).toBeUndefined();

    const [first, second] = await Promise.all([forwarding(), forwarding()]);
    expect(first).toBeInstanceOf(ForwardMessages);
    expect(second).toBe(first);
    expect(forwarding.loaded()).toBe(first);
    expect(await forwarding()).toBe(first);

    const disposed: string[] = [];
    const spy = (name: string, service: { dispose(): void }) => {
      const dispose = service.dispose.bind(service);
      service.dispose = () => {
        disposed.push(name);
        dispose();
      };
    };
    spy('forwardMessages', first);
    spy('chat', scope.services.chat);
    await scope.close();
    expect(disposed).toEqual(['forwardMessages', 'chat']);
    // A closed session builds nothing more.
    const other = openSessionScope(createContainer(portsModule(w.ports())), 'bob');
    const pending = other.services.forwardMessages();
    await other.close();
    await expect(pending).rejects.toThrow(/closed/);
    expect(other.services.forwardMessages.loaded()).toBeUndefined();
  });

  it('a second scope for the same user after a sign-out starts from nothing', async () => {
    const w = await world();
    const client = await w.signIn('alice');
    const first = client.scope;
    await client.conversations.open('carol', 1);
    expect(client.conversations.snapshot).toHaveLength(1);
    expect(client.currentUser.selfInfo?.nickname).toBe('Alice');

    await client.session.logout();
    await w.settle();
    expect(first.closed).toBe(true);
    expect(client.signedIn).toBe(false);

    const second = client.open('alice');
    expect(second.services).not.toBe(first.services);
    expect(second.services.conversations.snapshot).toEqual([]);
    expect(second.services.conversations.currentConversation).toBeUndefined();
    expect(second.services.contacts.snapshot.friendList).toEqual([]);
    expect(second.services.currentUser.selfInfo).toBeUndefined();
    expect(second.services.capabilities.current).toEqual({ wallet: 'unknown', calls: 'unknown' });
    client.dispose();
  });
});
