import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type RunningServer, createServer } from '../app';
import { registerUsers, textMsg } from '../testing/client';
import { type Operator, sendMessage } from './messages';
import { lastMessages, pullByRange } from './pull';
import type { ImMsg } from './types';

/**
 * Quote messages (content type 114) are stored and relayed as the SDK built them: the reply and the
 * quoted message inside the content, untouched, in the push, in every pull and as the conversation's
 * latest message (the list's preview).
 */
let s: RunningServer;
let pushes: { userID: string; msg: ImMsg }[];
const alice: Operator = { userID: 'alice', platformID: 5, isAdmin: false };
const bob: Operator = { userID: 'bob', platformID: 5, isAdmin: false };
const AB = 'si_alice_bob';

beforeEach(async () => {
  s = await createServer({ memory: true, port: 0, logLevel: 'silent' });
  pushes = [];
  s.core.setPushSink({ push: (userID, _conversationID, msg) => pushes.push({ userID, msg }) });
  await registerUsers(s, ['alice', 'bob']);
});
afterEach(async () => {
  await s.close();
});

describe('quote messages (114)', () => {
  it('are stored and relayed with the quoted message inside, byte for byte', () => {
    sendMessage(s.core, alice, textMsg('alice', 'bob', 'lunch at <b>noon</b>?', 'c1'));
    const original = pushes.find((p) => p.userID === 'bob')?.msg;
    expect(original?.seq).toBe(1);
    const content = JSON.stringify({
      text: 'yes, see you',
      quoteMessage: {
        clientMsgID: 'c1',
        sendID: 'alice',
        contentType: 101,
        seq: 1,
        textElem: { content: 'lunch at <b>noon</b>?' },
      },
    });
    const quote: ImMsg = {
      ...textMsg('bob', 'alice', '', 'c2'),
      contentType: 114,
      content: new TextEncoder().encode(content),
    };
    pushes = [];
    const sent = sendMessage(s.core, bob, quote);
    expect(sent.serverMsgID).not.toBe('');
    const decode = (m: ImMsg | undefined) => (m === undefined ? '' : new TextDecoder().decode(m.content));
    const pushed = pushes.find((p) => p.userID === 'alice')?.msg;
    expect(pushed?.contentType).toBe(114);
    expect(decode(pushed)).toBe(content);
    const pulled = pullByRange(s.core, 'alice', [{ conversationID: AB, begin: 1, end: 2, num: 10 }], 0)
      .msgs.get(AB)
      ?.msgs.at(-1);
    expect(pulled?.contentType).toBe(114);
    expect(pulled?.seq).toBe(2);
    expect(decode(pulled)).toBe(content);
    const latest = lastMessages(s.core, 'alice', [AB]).get(AB);
    expect(latest?.contentType).toBe(114);
    expect(decode(latest)).toBe(content);
  });
});
