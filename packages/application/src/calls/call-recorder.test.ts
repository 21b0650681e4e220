import { describe, expect, it } from 'vitest';
import { Subject } from 'rxjs';
import {
  CallOutcome,
  CallRole,
  customPayloadOf,
  err,
  ok,
  SessionType,
  type Conversation,
} from '@teamim/domain';
import { RecordingLogger, TestWorld, type TestClient } from '../testing';
import { RemoteError } from '../shared/remote-error';
import type { ConversationsGateway } from '../ports/conversations.port';
import type { ChatStore } from '../messages/chat.store';
import type { CallService } from './call.service';
import type { CallEnded } from './call-state';
import { CallRecorder, callRecordResultOf } from './call-recorder';

async function pair() {
  const world = new TestWorld().users('alice', 'bob');
  world.backend.makeFriends('alice', 'bob');
  const alice = await world.signIn('alice');
  const bob = await world.signIn('bob');
  // Each session scope records its calls (its own CallRecorder).
  return { world, alice, bob };
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

// Over a scripted call service and gateways, so that each ending and each failure can be fed in alone.
const ended = (change: Partial<CallEnded> = {}): CallEnded => ({
  roomID: 'room-7',
  outcome: CallOutcome.HungUp,
  reason: 'hungUp',
  role: CallRole.Inviter,
  peerUserID: 'bob',
  mediaType: 'audio',
  answered: true,
  durationSeconds: 12,
  ...change,
});

function recorder(options: { conversationFails?: boolean; sendFails?: boolean } = {}) {
  const ended$ = new Subject<CallEnded>();
  const logger = new RecordingLogger();
  const asked: [string, number][] = [];
  const sent: { content: unknown; conversation: unknown }[] = [];
  const conversation = { conversationID: 'si_alice_bob' } as Conversation;
  const conversations = {
    getOneConversation: (userID: string, type: number) => {
      asked.push([userID, type]);
      return options.conversationFails === true
        ? Promise.reject(new RemoteError(31, 'no conversation'))
        : Promise.resolve(conversation);
    },
  } as unknown as ConversationsGateway;
  const chat = {
    send: (content: unknown, to: unknown) => {
      sent.push({ content, conversation: to });
      return Promise.resolve(
        options.sendFails === true ? err({ kind: 'remote', code: 1, message: 'x' }) : ok(undefined),
      );
    },
  } as unknown as ChatStore;
  const instance = new CallRecorder({ ended$ } as unknown as CallService, conversations, chat, logger);
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { ended$, logger, asked, sent, conversation, instance, settle };
}

describe('CallRecorder: who records, what is sent, and failures that are only logged', () => {
  it('the inviter sends one custom message described as a call to the single chat with the peer', async () => {
    const r = recorder();
    r.ended$.next(ended());
    await r.settle();
    expect(r.asked).toEqual([['bob', SessionType.Single]]);
    expect(r.sent).toHaveLength(1);
    expect(r.sent[0]?.conversation).toBe(r.conversation);
    expect(r.sent[0]?.content).toMatchObject({ kind: 'custom', description: 'call' });
    // The room names the call, so the callee's other devices can tell which record is theirs.
    const data = (r.sent[0]?.content as { data: string }).data;
    expect(JSON.parse(data)).toMatchObject({ result: 'answered', durationSeconds: 12, roomID: 'room-7' });
    expect(r.logger.entries).toEqual([]);
  });

  it('the receiver writes nothing, and neither does a call that failed before an answer', async () => {
    const r = recorder();
    r.ended$.next(ended({ role: CallRole.Receiver }));
    r.ended$.next(ended({ answered: false, reason: 'failed', durationSeconds: 0 }));
    r.ended$.next(ended({ answered: false, reason: 'handledElsewhere', durationSeconds: 0 }));
    await r.settle();
    expect(r.asked).toEqual([]);
    expect(r.sent).toEqual([]);
  });

  it('a missing conversation and a refused send are only logged, with their code and room', async () => {
    const missing = recorder({ conversationFails: true });
    missing.ended$.next(ended());
    await missing.settle();
    expect(missing.sent).toEqual([]);
    expect(missing.logger.entries).toEqual([
      { level: 'warn', message: 'call record: no conversation', context: { code: 31 } },
    ]);

    const refused = recorder({ sendFails: true });
    refused.ended$.next(ended());
    await refused.settle();
    expect(refused.logger.entries).toEqual([
      { level: 'warn', message: 'call record not sent', context: { roomID: 'room-7' } },
    ]);
  });

  it('after dispose nothing is recorded', async () => {
    const r = recorder();
    r.instance.dispose();
    r.ended$.next(ended());
    await r.settle();
    expect(r.sent).toEqual([]);
  });

  it('the result of each ending', () => {
    expect(callRecordResultOf(ended({ answered: true, reason: 'failed' }))).toBe('answered');
    expect(callRecordResultOf(ended({ answered: false, reason: 'cancelled' }))).toBe('cancelled');
    expect(callRecordResultOf(ended({ answered: false, reason: 'rejected' }))).toBe('rejected');
    expect(callRecordResultOf(ended({ answered: false, reason: 'timeout' }))).toBe('unanswered');
    expect(callRecordResultOf(ended({ answered: false, reason: 'hungUp' }))).toBeUndefined();
    expect(callRecordResultOf(ended({ answered: false, reason: 'failed' }))).toBeUndefined();
  });
});
