import { describe, expect, it } from 'vitest';
import { customPayloadOf, SessionType } from '@teamim/domain';
import { TestWorld, type TestClient } from '../testing';
import { CallRecorder } from './call-recorder';

async function pair() {
  const world = new TestWorld().users('alice', 'bob');
  world.backend.makeFriends('alice', 'bob');
  const alice = await world.signIn('alice');
  const bob = await world.signIn('bob');
  const recorders = [alice, bob].map(
    (c) => new CallRecorder(c.calls, c.ports.conversations, c.chat, c.ports.logger),
  );
  return { world, alice, bob, recorders };
}

/** The call records in `client`'s chat with `peer`, oldest first. */
async function records(client: TestClient, peer: string) {
  const conversation = await client.ports.conversations.getOneConversation(peer, SessionType.Single);
  const page = await client.ports.messages.getHistory(conversation.conversationID, '', 50);
  return page.messages.flatMap((m) => {
    const payload = customPayloadOf(m);
    return payload?.kind === 'callRecord'
      ? [`${payload.record.mediaType} ${payload.record.result} ${payload.record.durationSeconds}`]
      : [];
  });
}

describe('CallRecorder: each call leaves a record in the chat, for both sides', () => {
  it('answered with its duration, rejected, cancelled, unanswered after the timeout', async () => {
    const { world, alice, bob } = await pair();
    await alice.calls.invite('bob', 'video');
    await world.settle();
    await bob.calls.accept();
    await world.settle();
    await world.advance(65_000);
    await bob.calls.hangUp();
    await world.settle();

    await alice.calls.invite('bob', 'audio');
    await world.settle();
    await bob.calls.reject();
    await world.settle();

    await alice.calls.invite('bob', 'audio');
    await world.settle();
    await alice.calls.cancel();
    await world.settle();

    await alice.calls.invite('bob', 'audio');
    await world.advance(30_000);

    const expected = ['video answered 65', 'audio rejected 0', 'audio cancelled 0', 'audio unanswered 0'];
    expect(await records(alice, 'bob')).toEqual(expected);
    expect(await records(bob, 'alice')).toEqual(expected);
  });

  it('writes nothing for a call that failed before anyone answered', async () => {
    const { world, alice, bob } = await pair();
    await alice.calls.invite('bob', 'audio');
    await world.settle();
    world.backend.rtc.serverUrl = '';
    await bob.calls.accept();
    await world.settle();
    expect(await records(alice, 'bob')).toEqual([]);
  });
});
