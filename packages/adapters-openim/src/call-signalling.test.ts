import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MessageEvent } from '@teamim/application';
import { OpenImCallSignalling } from './call-signalling';
import { OpenImContext } from './context';
import { OpenImMessages } from './messages';
import { rawMessage, ScriptedSdk } from './testing/scripted-sdk';

const invitation = {
  roomID: 'room-1',
  inviterUserID: 'alice',
  inviteeUserIDList: ['bob'],
  mediaType: 'audio',
  timeout: 30,
};
const data = JSON.stringify({ customType: 200, invitation });

function bobsAdapters() {
  const fake = new ScriptedSdk();
  const context = new OpenImContext();
  context.userID = 'bob';
  const messages = new OpenImMessages(fake.asSdk(), context);
  const signalling = new OpenImCallSignalling(fake.asSdk(), context, messages.live$);
  return { fake, messages, signalling };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('A call invitation arrives: its payload is read once', () => {
  it('the chat stream and the call signalling share one mapping, which reads the payload', () => {
    const { fake, messages, signalling } = bobsAdapters();
    const events: MessageEvent[] = [];
    const signals: unknown[] = [];
    const subscriptions = [
      messages.events$.subscribe((e) => events.push(e)),
      signalling.signals$.subscribe((s) => signals.push(s)),
    ];
    const parse = vi.spyOn(JSON, 'parse');

    fake.fire('OnRecvOnlineOnlyMessage', rawMessage({ contentType: 110, customElem: { data } }));

    expect(parse.mock.calls.filter(([text]) => text === data)).toHaveLength(1);
    expect(signals).toEqual([{ type: 200, invitation, fromUserID: 'alice' }]);
    const received = events[0]?.type === 'received' ? events[0].messages : [];
    expect(received.map((m) => m.customElem?.payload)).toEqual([
      { kind: 'callSignal', signal: { customType: 200, invitation } },
    ]);
    for (const s of subscriptions) s.unsubscribe();
    expect(fake.listenerCount()).toBe(0);
  });

  it('takes no signal from the offline catch-up after a reconnect, which the chat stream still gets', () => {
    const { fake, messages, signalling } = bobsAdapters();
    const events: MessageEvent[] = [];
    const signals: unknown[] = [];
    const subscriptions = [
      messages.events$.subscribe((e) => events.push(e)),
      signalling.signals$.subscribe((s) => signals.push(s)),
    ];

    fake.fire('onRecvOfflineNewMessages', [rawMessage({ contentType: 110, customElem: { data } })]);

    expect(signals).toEqual([]);
    expect(events.map((e) => e.type)).toEqual(['received']);
    for (const s of subscriptions) s.unsubscribe();
  });
});

describe("An answer reaches the callee's other devices", () => {
  it('an answer or a refusal is also sent to the own user, online only; other signals go to the peer alone', async () => {
    const { fake, signalling } = bobsAdapters();
    let serial = 0;
    fake.answers.set('createCustomMessage', () => ({ clientMsgID: `c${++serial}` }));
    const sent = () =>
      fake.calls
        .filter((c) => c.method === 'sendMessage')
        .map((c) => c.args[0] as { recvID: string; isOnlineOnly: boolean; message: { clientMsgID: string } });

    await signalling.send('alice', 201, { ...invitation, mediaType: 'audio' });
    expect(sent().map((s) => [s.recvID, s.isOnlineOnly])).toEqual([
      ['alice', true],
      ['bob', true],
    ]);
    await signalling.send('alice', 202, { ...invitation, mediaType: 'audio' });
    await signalling.send('alice', 204, { ...invitation, mediaType: 'audio' });
    expect(sent().map((s) => s.recvID)).toEqual(['alice', 'bob', 'alice', 'bob', 'alice']);

    // The copy comes back to this device too: it is no news here.
    const signals: unknown[] = [];
    const subscription = signalling.signals$.subscribe((s) => signals.push(s));
    const copy = sent()[1]?.message.clientMsgID;
    const accept = JSON.stringify({ customType: 201, invitation });
    fake.fire('OnRecvNewMessages', [
      rawMessage({
        clientMsgID: copy,
        sendID: 'bob',
        recvID: 'bob',
        contentType: 110,
        customElem: { data: accept },
      }),
    ]);
    expect(signals).toEqual([]);
    // From another device of bob's, it is the answer given there.
    fake.fire('OnRecvNewMessages', [
      rawMessage({
        clientMsgID: 'other',
        sendID: 'bob',
        recvID: 'bob',
        contentType: 110,
        customElem: { data: accept },
      }),
    ]);
    expect(signals).toEqual([expect.objectContaining({ type: 201, fromOwnDevice: true, fromUserID: 'bob' })]);
    subscription.unsubscribe();
  });
});
