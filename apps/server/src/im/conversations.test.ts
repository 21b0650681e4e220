import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type RunningServer, createServer } from '../app';
import { api, apiOk, registerUsers, textMsg } from '../testing/client';
import type { SortedConversationElem } from './conversations';
import { type Operator, sendMessage } from './messages';
import type { ImMsg } from './types';

let s: RunningServer;
let t: Record<string, string>;
let clock = 1_700_000_000_000;
const as = (userID: string): Operator => ({ userID, platformID: 5, isAdmin: false });

beforeEach(async () => {
  s = await createServer({ memory: true, port: 0, logLevel: 'silent', now: () => clock });
  t = await registerUsers(s, ['alice', 'bob', 'carol', 'dave']);
});
afterEach(async () => {
  await s.close();
});

/** Sends a text one second after the previous one, so the newest-first order is unambiguous. */
function send(from: string, to: string, text: string, group = ''): void {
  clock += 1000;
  const msg: ImMsg = group
    ? { ...textMsg(from, '', text, `c-${clock}`), groupID: group, sessionType: 3 }
    : textMsg(from, to, text, `c-${clock}`);
  sendMessage(s.core, as(from), msg);
}

interface Sorted {
  conversationTotal: number;
  unreadTotal: number;
  conversationElems: SortedConversationElem[];
}
const sorted = (userID: string, body: Record<string, unknown> = {}, token = t[userID]) =>
  apiOk<Sorted>(s, '/conversation/get_sorted_conversation_list', { userID, ...body }, token);

describe('get_sorted_conversation_list', () => {
  it('lists pinned first, then newest message first, with the newest message, names and unread counts', async () => {
    const group = await apiOk<{ groupInfo: { groupID: string } }>(
      s,
      '/group/create_group',
      {
        ownerUserID: 'carol',
        adminUserIDs: [],
        memberUserIDs: ['alice', 'dave'],
        groupInfo: { groupID: '', groupName: 'Team', groupType: 2, faceURL: 'https://x/team.png' },
      },
      t['carol'],
    );
    const groupID = group.groupInfo.groupID;
    send('bob', 'alice', 'hi alice');
    send('alice', 'carol', 'hello carol');
    send('dave', '', 'group news', groupID);
    send('bob', 'alice', 'are you there?');
    await apiOk(
      s,
      '/conversation/set_conversations',
      {
        userIDs: ['alice'],
        conversation: {
          conversationID: 'si_alice_carol',
          conversationType: 1,
          userID: 'carol',
          groupID: '',
          isPinned: true,
        },
      },
      t['alice'],
    );

    const r = await sorted('alice');

    expect(r.conversationElems.map((e) => e.conversationID)).toEqual([
      'si_alice_carol',
      'si_alice_bob',
      `sg_${groupID}`,
    ]);
    expect(r.conversationTotal).toBe(3);
    const [carol, bob, team] = r.conversationElems;
    expect(carol).toMatchObject({ IsPinned: true, unreadCount: 0 });
    // One-to-one: the names are the peer's even when the newest message is the user's own.
    expect(carol?.msgInfo).toMatchObject({ sendID: 'alice', recvID: 'carol', senderName: 'nick-carol' });
    expect(bob).toMatchObject({ IsPinned: false, unreadCount: 2 });
    expect(bob?.msgInfo).toMatchObject({
      sendID: 'bob',
      senderName: 'nick-bob',
      sessionType: 1,
      contentType: 101,
      LatestMsgRecvTime: clock,
    });
    expect(JSON.parse(bob?.msgInfo.content ?? '')).toEqual({ content: 'are you there?' });
    expect(team?.msgInfo).toMatchObject({
      groupID,
      groupName: 'Team',
      groupFaceURL: 'https://x/team.png',
      groupMemberCount: 3,
      senderName: 'nick-dave',
      sessionType: 3,
    });
    // The group's creation tip is a stored message too, unread like the text (as WS 1006 counts it).
    expect(team?.unreadCount).toBe(2);
    expect(r.unreadTotal).toBe(4);
  });

  it("orders by the user's newest visible message: one they deleted no longer counts", async () => {
    send('bob', 'alice', 'older from bob');
    send('carol', 'alice', 'from carol');
    send('bob', 'alice', 'newest from bob');
    expect((await sorted('alice')).conversationElems.map((e) => e.conversationID)).toEqual([
      'si_alice_bob',
      'si_alice_carol',
    ]);
    await apiOk(
      s,
      '/msg/delete_msgs',
      { conversationID: 'si_alice_bob', seqs: [2], userID: 'alice' },
      t['alice'],
    );
    const r = await sorted('alice');
    expect(r.conversationElems.map((e) => e.conversationID)).toEqual(['si_alice_carol', 'si_alice_bob']);
    expect(JSON.parse(r.conversationElems[1]?.msgInfo.content ?? '')).toEqual({ content: 'older from bob' });
    // Bob still sees his newest message first.
    expect((await sorted('bob')).conversationElems[0]?.msgInfo.content).toContain('newest from bob');
  });

  it('paginates after sorting, counts unread over all conversations and filters by id', async () => {
    send('bob', 'alice', 'one');
    send('carol', 'alice', 'two');
    send('dave', 'alice', 'three');
    await apiOk(
      s,
      '/msg/mark_conversation_as_read',
      { conversationID: 'si_alice_dave', userID: 'alice', hasReadSeq: 1 },
      t['alice'],
    );

    const page2 = await sorted('alice', { pagination: { pageNumber: 2, showNumber: 2 } });
    expect(page2.conversationElems.map((e) => e.conversationID)).toEqual(['si_alice_bob']);
    expect(page2.conversationTotal).toBe(3);
    expect(page2.unreadTotal).toBe(2);

    const some = await sorted('alice', { conversationIDs: ['si_alice_bob', 'si_alice_dave'] });
    expect(some.conversationElems.map((e) => [e.conversationID, e.unreadCount])).toEqual([
      ['si_alice_dave', 0],
      ['si_alice_bob', 1],
    ]);
  });

  it("refuses another user's list", async () => {
    send('bob', 'alice', 'secret');
    const r = await api(s, '/conversation/get_sorted_conversation_list', { userID: 'alice' }, t['bob']);
    expect(r.errCode).toBe(1002);
  });
});
