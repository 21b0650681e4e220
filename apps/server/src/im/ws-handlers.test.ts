import { afterEach, describe, expect, it } from 'vitest';
import { type RunningServer, createServer } from '../app';
import { textMsg } from '../testing/client';
import { isWsError, type WsConnContext } from '../wire/contract';
import { ErrCode } from './errors';
import { conversationMaxSeq } from './message-rows';
import type { PushSink } from './types';
import { registerUsers } from './users';
import { createWsHandlers } from './ws-handlers';

let s: RunningServer | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

const conn = (userID: string): WsConnContext => ({
  userID,
  platformID: 5,
  connID: `conn-${userID}`,
  operationID: `op-${userID}`,
});

async function setup(): Promise<{
  server: RunningServer;
  pushes: { userID: string; seq: number; stored: number }[];
}> {
  const server = await createServer({ memory: true, port: 0, logLevel: 'silent' });
  s = server;
  registerUsers(
    server.core,
    ['alice', 'bob', 'carol'].map((userID) => ({ userID, nickname: userID, faceURL: '', ex: '' })),
  );
  const pushes: { userID: string; seq: number; stored: number }[] = [];
  // Records, at every push, how many messages of the two conversations are committed and visible.
  const stored = (): number =>
    conversationMaxSeq(server.core.db, 'si_alice_bob').maxSeq +
    conversationMaxSeq(server.core.db, 'si_bob_carol').maxSeq;
  const sink: PushSink = {
    push: (userID, _c, msg) => pushes.push({ userID, seq: msg.seq, stored: stored() }),
    pushToUsers: (userIDs, _c, msg) => {
      for (const userID of userIDs) pushes.push({ userID, seq: msg.seq, stored: stored() });
    },
  };
  server.core.setPushSink(sink);
  return { server, pushes };
}

describe('WS send path (1003)', () => {
  it('stores the sends of one event-loop turn together and pushes only after all of them are stored', async () => {
    const { server, pushes } = await setup();
    const h = createWsHandlers(server.core);
    // Three requests in the same turn, from three connections; the middle one names an unknown recipient.
    const results = await Promise.all([
      h.sendMsg(conn('alice'), textMsg('alice', 'bob', 'one', 'cm-1')),
      h.sendMsg(conn('carol'), textMsg('carol', 'nobody', 'lost', 'cm-2')),
      h.sendMsg(conn('carol'), textMsg('carol', 'bob', 'two', 'cm-3')),
    ]);
    expect(results[0]).toMatchObject({ clientMsgID: 'cm-1' });
    expect(isWsError(results[1]) && results[1].errCode).toBe(ErrCode.UserIDNotFound);
    expect(results[2]).toMatchObject({ clientMsgID: 'cm-3' });
    // The refused send rolled back alone: both others are stored with their seqs.
    expect(conversationMaxSeq(server.core.db, 'si_alice_bob').maxSeq).toBe(1);
    expect(conversationMaxSeq(server.core.db, 'si_bob_carol').maxSeq).toBe(1);
    // Recipient and sender echo of both messages, in arrival order, every one after both were stored.
    expect(pushes.map((p) => p.userID)).toEqual(['bob', 'alice', 'bob', 'carol']);
    expect(pushes.every((p) => p.stored === 2 && p.seq === 1)).toBe(true);
  });

  it('keeps one connection’s messages in order across turns', async () => {
    const { server } = await setup();
    const h = createWsHandlers(server.core);
    for (let i = 1; i <= 3; i++) {
      const r = await h.sendMsg(conn('alice'), textMsg('alice', 'bob', `m${i}`, `cm-${i}`));
      expect(isWsError(r)).toBe(false);
    }
    const rows = server.core.db
      .prepare("SELECT client_msg_id FROM messages WHERE conversation_id = 'si_alice_bob' ORDER BY seq")
      .all() as { client_msg_id: string }[];
    expect(rows.map((r) => r.client_msg_id)).toEqual(['cm-1', 'cm-2', 'cm-3']);
  });
});

describe('CoreContext.batch', () => {
  it('runs no effect of a batch whose transaction failed, and rolls back what it stored', async () => {
    const { server, pushes } = await setup();
    const h = createWsHandlers(server.core);
    expect(() =>
      server.core.batch(() => {
        server.core.tx((fx) => fx.push(['bob'], 'si_alice_bob', textMsg('alice', 'bob', 'x', 'cm-x')));
        server.core.db
          .prepare("INSERT INTO seqs (conversation_id, max_seq, max_seq_time) VALUES ('si_alice_bob', 7, 0)")
          .run();
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(pushes).toEqual([]);
    expect(conversationMaxSeq(server.core.db, 'si_alice_bob').maxSeq).toBe(0);
    // Still usable afterwards.
    const r = await h.sendMsg(conn('alice'), textMsg('alice', 'bob', 'after', 'cm-after'));
    expect(isWsError(r)).toBe(false);
    expect(pushes.map((p) => p.userID)).toEqual(['bob', 'alice']);
  });
});
