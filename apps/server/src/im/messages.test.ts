import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type RunningServer, createServer } from '../app';
import { api, apiOk, registerUsers, textMsg } from '../testing/client';
import { type Operator, sendMessage } from './messages';
import { getMaxSeqs, hasReadAndMaxSeqs, lastMessages, pullByRange, pullBySeqs } from './pull';
import type { ImMsg } from './types';

let s: RunningServer;
let t: Record<string, string>;
let pushes: { userID: string; conversationID: string; msg: ImMsg; exceptPlatformID?: number | undefined }[];
const alice: Operator = { userID: 'alice', platformID: 5, isAdmin: false };
const bob: Operator = { userID: 'bob', platformID: 5, isAdmin: false };
const AB = 'si_alice_bob';

beforeEach(async () => {
  s = await createServer({ memory: true, port: 0, logLevel: 'silent' });
  pushes = [];
  s.core.setPushSink({
    push: (userID, conversationID, msg, _except, exceptPlatformID) =>
      pushes.push({ userID, conversationID, msg, exceptPlatformID }),
  });
  t = await registerUsers(s, ['alice', 'bob', 'carol']);
});
afterEach(async () => {
  await s.close();
});

const text = (m: ImMsg): string => new TextDecoder().decode(m.content);
const send = (op: Operator, to: string, body: string, id: string) =>
  sendMessage(s.core, op, textMsg(op.userID, to, body, id));

describe('sending', () => {
  it('assigns gap-free seqs, server IDs and times, and pushes to every party', () => {
    const r1 = send(alice, 'bob', 'one', 'c1');
    const r2 = send(bob, 'alice', 'two', 'c2');
    expect(r1.clientMsgID).toBe('c1');
    expect(r1.serverMsgID).not.toBe(r2.serverMsgID);
    expect(r2.sendTime).toBeGreaterThanOrEqual(r1.sendTime);
    expect(pushes.map((p) => [p.userID, p.conversationID, p.msg.seq])).toEqual([
      ['bob', AB, 1],
      ['alice', AB, 1],
      ['alice', AB, 2],
      ['bob', AB, 2],
    ]);
    expect(pushes[0]?.msg.status).toBe(2);
    // Both users got a conversation record, the sender has read its own message.
    const a = hasReadAndMaxSeqs(s.core, 'alice', [], false).seqs.get(AB);
    const b = hasReadAndMaxSeqs(s.core, 'bob', [], false).seqs.get(AB);
    expect(a).toMatchObject({ maxSeq: 2, hasReadSeq: 1 });
    expect(b).toMatchObject({ maxSeq: 2, hasReadSeq: 2 });
    expect(getMaxSeqs(s.core, 'bob').maxSeqs.get(AB)).toBe(2);
  });

  it('answers a re-send (same sender and client message ID) with the original and stores one copy', async () => {
    const first = send(alice, 'bob', 'once', 'dup-1');
    send(bob, 'alice', 'between', 'b-1');
    const pushed = pushes.length;
    const again = send(alice, 'bob', 'once', 'dup-1');
    expect(again).toEqual(first);
    expect(pushes.length).toBe(pushed);
    expect(getMaxSeqs(s.core, 'alice').maxSeqs.get(AB)).toBe(2);
    const stored = pullByRange(s.core, 'alice', [{ conversationID: AB, begin: 1, end: 2, num: 10 }], 0);
    expect(stored.msgs.get(AB)?.msgs.map((m) => [m.seq, m.clientMsgID, m.serverMsgID])).toEqual([
      [1, 'dup-1', first.serverMsgID],
      [2, 'b-1', expect.any(String)],
    ]);
    // Keyed by sender: another user's message with the same client ID is a different message.
    expect(send(bob, 'alice', 'mine', 'dup-1').serverMsgID).not.toBe(first.serverMsgID);
    // Groups too.
    const groupID = (
      await apiOk<{ groupInfo: { groupID: string } }>(
        s,
        '/group/create_group',
        {
          ownerUserID: 'alice',
          memberUserIDs: ['bob'],
          groupInfo: { groupID: '', groupName: 'g', groupType: 2 },
        },
        t['alice'],
      )
    ).groupInfo.groupID;
    const inGroup = { ...textMsg('alice', '', 'hi all', 'dup-g'), groupID, sessionType: 3 };
    const g1 = sendMessage(s.core, alice, inGroup);
    const g2 = sendMessage(s.core, alice, { ...inGroup });
    expect(g2).toEqual(g1);
    expect(getMaxSeqs(s.core, 'alice').maxSeqs.get(`sg_${groupID}`)).toBe(2); // the 1501 tip, then one message
  });

  it('rejects bad input with typed errors and stores nothing', () => {
    expect(() => sendMessage(s.core, alice, textMsg('bob', 'alice', 'x', 'c'))).toThrow(
      expect.objectContaining({ code: 1002 }),
    );
    expect(() =>
      sendMessage(s.core, alice, { ...textMsg('alice', 'bob', 'x', 'c'), sessionType: 7 }),
    ).toThrow(expect.objectContaining({ code: 1001 }));
    expect(() =>
      sendMessage(s.core, alice, { ...textMsg('alice', 'bob', 'x', 'c'), sessionType: 3, groupID: 'g' }),
    ).toThrow(expect.objectContaining({ code: 1201 }));
    expect(() => sendMessage(s.core, alice, textMsg('alice', 'ghost', 'x', 'c'))).toThrow(
      expect.objectContaining({ code: 1101 }),
    );
    expect(() => sendMessage(s.core, alice, textMsg('alice', 'bob', 'x', ''))).toThrow(
      expect.objectContaining({ code: 1001 }),
    );
    expect(() => sendMessage(s.core, alice, textMsg('alice', 'bob', 'x'.repeat(200_000), 'c'))).toThrow(
      expect.objectContaining({ code: 1001 }),
    );
    expect(pushes).toHaveLength(0);
    expect(s.db.prepare('SELECT COUNT(*) AS n FROM messages').get()).toEqual({ n: 0 });
  });

  it('does not store online-only and typing messages and honours senderSync', () => {
    sendMessage(s.core, alice, { ...textMsg('alice', 'bob', 'typing', 'c1'), contentType: 113 });
    expect(pushes.map((p) => [p.userID, p.msg.seq])).toEqual([['bob', 0]]);
    expect(s.db.prepare('SELECT COUNT(*) AS n FROM messages').get()).toEqual({ n: 0 });
  });

  it('drops messages silently for a "do not receive" conversation', async () => {
    send(alice, 'bob', 'first', 'c1');
    await apiOk(
      s,
      '/conversation/set_conversations',
      {
        userIDs: ['bob'],
        conversation: {
          conversationID: AB,
          conversationType: 1,
          userID: 'alice',
          groupID: '',
          recvMsgOpt: 1,
        },
      },
      t['bob'],
    );
    pushes.length = 0;
    expect(send(alice, 'bob', 'second', 'c2')).toMatchObject({ sendTime: 0, serverMsgID: '' });
    expect(pushes).toHaveLength(0);
    // A notification is not a message the option turns away: it is stored and pushed.
    const tip = sendMessage(
      s.core,
      { ...alice, isAdmin: true },
      {
        ...textMsg('alice', 'bob', 'tip', 'n1'),
        contentType: 1201,
      },
    );
    expect(tip.serverMsgID).not.toBe('');
    expect(pushes.map((p) => [p.userID, p.msg.clientMsgID])).toContainEqual(['bob', 'n1']);
  });
});

describe('pulling', () => {
  beforeEach(() => {
    for (let i = 1; i <= 5; i++) send(i % 2 ? alice : bob, i % 2 ? 'bob' : 'alice', `m${i}`, `c${i}`);
  });

  it('returns the last `num` seqs of a range and the isEnd flag', () => {
    const r = pullByRange(s.core, 'bob', [{ conversationID: AB, begin: 0, end: 5, num: 2 }], 0);
    const l = r.msgs.get(AB);
    expect(l?.msgs.map((m) => m.seq)).toEqual([4, 5]);
    expect(l?.isEnd).toBe(true);
    const descRange = pullByRange(
      s.core,
      'bob',
      [{ conversationID: AB, begin: 1, end: 5, num: 3 }],
      1,
    ).msgs.get(AB);
    expect(descRange?.msgs.map((m) => m.seq)).toEqual([3, 4, 5]);
    const partial = pullByRange(
      s.core,
      'bob',
      [{ conversationID: AB, begin: 1, end: 3, num: 10 }],
      0,
    ).msgs.get(AB);
    expect(partial?.msgs.map((m) => text(m))).toEqual([
      '{"content":"m1"}',
      '{"content":"m2"}',
      '{"content":"m3"}',
    ]);
    expect(partial?.isEnd).toBe(false);
    // A user without a record of the conversation gets nothing.
    expect(
      pullByRange(s.core, 'carol', [{ conversationID: AB, begin: 1, end: 5, num: 10 }], 0).msgs.size,
    ).toBe(0);
  });

  it('answers seq lists with placeholders and end markers', () => {
    const r = pullBySeqs(
      s.core,
      'alice',
      [
        { conversationID: AB, seqs: [0, 2, 3, 9] },
        { conversationID: 'si_alice_carol', seqs: [1] },
      ],
      0,
    );
    const l = r.msgs.get(AB);
    expect(l?.msgs.map((m) => m.seq)).toEqual([2, 3]);
    expect(l).toMatchObject({ isEnd: true, endSeq: 5 });
    expect(r.msgs.get('si_alice_carol')).toMatchObject({ msgs: [], isEnd: true });
    const desc = pullBySeqs(s.core, 'alice', [{ conversationID: AB, seqs: [2, 1, 0] }], 1).msgs.get(AB);
    // Messages stay in ascending seq order whatever the paging direction (the SDK relies on it).
    expect(desc?.msgs.map((m) => m.seq)).toEqual([1, 2]);
    expect(desc).toMatchObject({ isEnd: true, endSeq: 1 });
  });

  it('deletes for one user only and turns the message into a placeholder', async () => {
    await apiOk(
      s,
      '/msg/delete_msgs',
      { conversationID: AB, seqs: [2], userID: 'bob', deleteSyncOpt: null },
      t['bob'],
    );
    const forBob = pullByRange(
      s.core,
      'bob',
      [{ conversationID: AB, begin: 1, end: 5, num: 10 }],
      0,
    ).msgs.get(AB);
    expect(forBob?.msgs[1]).toMatchObject({ seq: 2, status: 4, contentType: 0 });
    expect(forBob?.msgs[1]?.content.byteLength).toBe(0);
    const forAlice = pullByRange(
      s.core,
      'alice',
      [{ conversationID: AB, begin: 2, end: 2, num: 1 }],
      0,
    ).msgs.get(AB);
    expect(forAlice?.msgs[0]).toMatchObject({ seq: 2, status: 2, contentType: 101 });
    expect(
      (await api(s, '/msg/delete_msgs', { conversationID: AB, seqs: [1], userID: 'alice' }, t['bob']))
        .errCode,
    ).toBe(1002);
    expect(
      (
        await api(
          s,
          '/msg/delete_msgs',
          { conversationID: 'si_bob_carol', seqs: [1], userID: 'bob' },
          t['bob'],
        )
      ).errCode,
    ).toBe(1004);
    // The last visible message skips Bob's deletion.
    await apiOk(s, '/msg/delete_msgs', { conversationID: AB, seqs: [5], userID: 'bob' }, t['bob']);
    expect(lastMessages(s.core, 'bob', [AB]).get(AB)?.seq).toBe(4);
  });

  it('clears a conversation for one user by raising its minSeq', async () => {
    await apiOk(
      s,
      '/msg/clear_conversation_msg',
      { conversationIDs: [AB], userID: 'bob', deleteSyncOpt: null },
      t['bob'],
    );
    expect(pullByRange(s.core, 'bob', [{ conversationID: AB, begin: 1, end: 5, num: 10 }], 0).msgs.size).toBe(
      0,
    );
    send(alice, 'bob', 'after', 'c9');
    expect(
      pullByRange(s.core, 'bob', [{ conversationID: AB, begin: 1, end: 6, num: 10 }], 0)
        .msgs.get(AB)
        ?.msgs.map((m) => m.seq),
    ).toEqual([6]);
    expect(
      pullByRange(s.core, 'alice', [{ conversationID: AB, begin: 1, end: 6, num: 10 }], 0).msgs.get(AB)?.msgs,
    ).toHaveLength(6);
  });
});

describe('read positions', () => {
  it('marks a conversation read, flags messages and notifies the peer and own devices', async () => {
    send(alice, 'bob', 'a', 'c1');
    send(alice, 'bob', 'b', 'c2');
    expect(hasReadAndMaxSeqs(s.core, 'bob', [], false).seqs.get(AB)?.hasReadSeq).toBe(0);
    pushes.length = 0;
    await apiOk(
      s,
      '/msg/mark_conversation_as_read',
      { conversationID: AB, userID: 'bob', hasReadSeq: 2, seqs: [1, 2] },
      t['bob'],
    );
    expect(hasReadAndMaxSeqs(s.core, 'bob', [], false).seqs.get(AB)?.hasReadSeq).toBe(2);
    expect(pushes.map((p) => [p.userID, p.conversationID, p.msg.contentType, p.msg.seq])).toEqual([
      ['alice', 'n_alice_bob', 2200, 1],
      ['bob', 'n_alice_bob', 2200, 1],
    ]);
    const detail = JSON.parse((JSON.parse(text(pushes[0]!.msg)) as { detail: string }).detail) as unknown;
    expect(detail).toEqual({ markAsReadUserID: 'bob', conversationID: AB, seqs: [1, 2], hasReadSeq: 2 });
    const pulled = pullByRange(
      s.core,
      'alice',
      [{ conversationID: AB, begin: 1, end: 2, num: 10 }],
      0,
    ).msgs.get(AB);
    expect(pulled?.msgs.every((m) => m.isRead)).toBe(true);
    // The stored receipt is reachable through the n_ stream for both users.
    expect(getMaxSeqs(s.core, 'alice').maxSeqs.get('n_alice_bob')).toBe(1);
    expect(
      pullByRange(s.core, 'carol', [{ conversationID: 'n_alice_bob', begin: 1, end: 1, num: 1 }], 0)
        .notificationMsgs.size,
    ).toBe(0);

    expect(
      (
        await api(
          s,
          '/msg/set_conversation_has_read_seq',
          { conversationID: AB, userID: 'bob', hasReadSeq: 99 },
          t['bob'],
        )
      ).errCode,
    ).toBe(1001);
    await apiOk(
      s,
      '/msg/set_conversation_has_read_seq',
      { conversationID: AB, userID: 'bob', hasReadSeq: 1 },
      t['bob'],
    );
    expect(hasReadAndMaxSeqs(s.core, 'bob', [], false).seqs.get(AB)?.hasReadSeq).toBe(1);
    await apiOk(s, '/msg/mark_msgs_as_read', { conversationID: AB, userID: 'bob', seqs: [2] }, t['bob']);
    expect(hasReadAndMaxSeqs(s.core, 'bob', [], false).seqs.get(AB)?.hasReadSeq).toBe(2);
    expect(
      (
        await api(
          s,
          '/msg/mark_conversation_as_read',
          { conversationID: AB, userID: 'alice', hasReadSeq: 2 },
          t['bob'],
        )
      ).errCode,
    ).toBe(1002);
  });
});

describe('revoke', () => {
  it('transforms the message in every pull, stores a 2101 notification and refuses twice', async () => {
    send(alice, 'bob', 'oops', 'c1');
    expect(
      (await api(s, '/msg/revoke_msg', { conversationID: AB, seq: 1, userID: 'bob' }, t['bob'])).errCode,
    ).toBe(1002);
    pushes.length = 0;
    await apiOk(s, '/msg/revoke_msg', { conversationID: AB, seq: 1, userID: 'alice' }, t['alice']);
    expect(pushes.map((p) => [p.userID, p.conversationID, p.msg.contentType, p.msg.seq]).sort()).toEqual([
      ['alice', 'n_alice_bob', 2101, 1],
      ['bob', 'n_alice_bob', 2101, 1],
    ]);
    const tips = JSON.parse((JSON.parse(text(pushes[0]!.msg)) as { detail: string }).detail) as Record<
      string,
      unknown
    >;
    expect(tips).toMatchObject({
      revokerUserID: 'alice',
      clientMsgID: 'c1',
      seq: 1,
      conversationID: AB,
      sesstionType: 1,
      isAdminRevoke: false,
    });
    for (const m of [
      pullByRange(s.core, 'bob', [{ conversationID: AB, begin: 1, end: 1, num: 1 }], 0).msgs.get(AB)?.msgs[0],
      pullBySeqs(s.core, 'bob', [{ conversationID: AB, seqs: [1] }], 0).msgs.get(AB)?.msgs[0],
      lastMessages(s.core, 'alice', [AB]).get(AB),
    ]) {
      expect(m?.contentType).toBe(2101);
      const d = JSON.parse((JSON.parse(text(m!)) as { detail: string }).detail) as Record<string, unknown>;
      expect(d).toMatchObject({
        revokerID: 'alice',
        clientMsgID: 'c1',
        sourceMessageSendID: 'alice',
        seq: 1,
        sessionType: 1,
      });
    }
    expect(
      (await api(s, '/msg/revoke_msg', { conversationID: AB, seq: 1, userID: 'alice' }, t['alice'])).errCode,
    ).toBe(1404);
    expect(
      (await api(s, '/msg/revoke_msg', { conversationID: AB, seq: 7, userID: 'alice' }, t['alice'])).errCode,
    ).toBe(1004);
  });
});

describe('conversations', () => {
  it('syncs records incrementally and applies pin and receive option with 1300', async () => {
    const c0 = await apiOk<{ version: number; versionID: string; full: boolean }>(
      s,
      '/conversation/get_incremental_conversations',
      { userID: 'bob', versionID: '', version: 0 },
      t['bob'],
    );
    expect(c0.full).toBe(true);
    send(alice, 'bob', 'hello', 'c1');
    const c1 = await apiOk<{
      version: number;
      full: boolean;
      insert: { conversationID: string; userID: string; ownerUserID: string }[];
    }>(
      s,
      '/conversation/get_incremental_conversations',
      { userID: 'bob', versionID: c0.versionID, version: c0.version },
      t['bob'],
    );
    expect(c1.full).toBe(false);
    expect(c1.insert).toEqual([
      expect.objectContaining({ conversationID: AB, userID: 'alice', ownerUserID: 'bob' }),
    ]);
    pushes.length = 0;
    await apiOk(
      s,
      '/conversation/set_conversations',
      {
        userIDs: ['bob'],
        conversation: {
          conversationID: AB,
          conversationType: 1,
          userID: 'alice',
          groupID: '',
          isPinned: true,
          recvMsgOpt: 2,
        },
      },
      t['bob'],
    );
    expect(pushes.map((p) => [p.userID, p.conversationID, p.msg.contentType, p.exceptPlatformID])).toEqual([
      ['bob', 'n_bob_bob', 1300, 5],
    ]);
    const c2 = await apiOk<{ update: { isPinned: boolean; recvMsgOpt: number }[] }>(
      s,
      '/conversation/get_incremental_conversations',
      { userID: 'bob', versionID: c0.versionID, version: c1.version },
      t['bob'],
    );
    expect(c2.update).toEqual([expect.objectContaining({ isPinned: true, recvMsgOpt: 2 })]);
    const ids = await apiOk<{ conversationIDs: string[] }>(
      s,
      '/conversation/get_full_conversation_ids',
      { userID: 'bob', idHash: 0 },
      t['bob'],
    );
    expect(ids.conversationIDs).toEqual([AB]);
    const page = await apiOk<{ total: number; conversations: unknown[] }>(
      s,
      '/conversation/get_owner_conversation',
      { userID: 'bob', pagination: { pageNumber: 2, showNumber: 300 } },
      t['bob'],
    );
    expect(page).toEqual({ total: 1, conversations: [] });
    const some = await apiOk<{ conversations: unknown[] }>(
      s,
      '/conversation/get_conversations',
      { ownerUserID: 'bob', conversationIDs: [AB, 'si_x_y'] },
      t['bob'],
    );
    expect(some.conversations).toHaveLength(1);
    expect(hasReadAndMaxSeqs(s.core, 'bob', [], true).pinnedConversationIDs).toEqual([AB]);

    const bad = await api(
      s,
      '/conversation/set_conversations',
      {
        userIDs: ['bob'],
        conversation: { conversationID: 'si_bob_carol', conversationType: 1, userID: 'alice', groupID: '' },
      },
      t['bob'],
    );
    expect(bad.errCode).toBe(1001);
    expect(
      (
        await api(
          s,
          '/conversation/set_conversations',
          {
            userIDs: ['alice'],
            conversation: { conversationID: AB, conversationType: 1, userID: 'bob', groupID: '' },
          },
          t['bob'],
        )
      ).errCode,
    ).toBe(1002);
    expect(
      (
        await api(
          s,
          '/conversation/set_conversations',
          {
            userIDs: ['bob'],
            conversation: {
              conversationID: AB,
              conversationType: 1,
              userID: 'alice',
              groupID: '',
              recvMsgOpt: 9,
            },
          },
          t['bob'],
        )
      ).errCode,
    ).toBe(1001);
  });

  it('answers the group endpoints of the login sync with valid empty data', async () => {
    const j = await apiOk<{ full: boolean; versionID: string; version: number }>(
      s,
      '/group/get_incremental_join_groups',
      { userID: 'bob', versionID: '', version: 0 },
      t['bob'],
    );
    expect(j.full).toBe(true);
    const again = await apiOk<{ full: boolean }>(
      s,
      '/group/get_incremental_join_groups',
      { userID: 'bob', versionID: j.versionID, version: j.version },
      t['bob'],
    );
    expect(again.full).toBe(false);
    expect(
      await apiOk(
        s,
        '/group/get_joined_group_list',
        { fromUserID: 'bob', pagination: { pageNumber: 1, showNumber: 100 } },
        t['bob'],
      ),
    ).toEqual({ total: 0, groups: [] });
  });
});
