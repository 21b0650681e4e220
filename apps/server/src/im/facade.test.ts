import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type RunningServer, createServer } from '../app';
import { createImFacade } from './facade';
import { createWsHandlers } from './ws-handlers';
import { isWsError } from '../wire/contract';
import { textMsg } from '../testing/client';
import type { ImMsg } from './types';

let s: RunningServer;
let kicked: string[];
let pushes: { userID: string; msg: ImMsg }[];
beforeEach(async () => {
  s = await createServer({ memory: true, port: 0, logLevel: 'silent' });
  kicked = [];
  pushes = [];
  s.core.setPushSink({ push: (userID, _c, msg) => pushes.push({ userID, msg }) });
});
afterEach(async () => {
  await s.close();
});

const facade = () =>
  createImFacade({
    core: s.core,
    tokens: s.tokens,
    tokenExpireSeconds: 3600,
    kickSessions: (u) => kicked.push(u),
  });

describe('ImFacade', () => {
  it('registers users inside the caller transaction and rolls back with it', () => {
    const im = facade();
    expect(() =>
      s.db.transaction(() => {
        im.registerUser({ userID: 'u1', nickname: 'One', faceURL: '' });
        throw new Error('chat side failed');
      })(),
    ).toThrow('chat side failed');
    expect(im.getUser('u1')).toBeUndefined();
    s.db.transaction(() => im.registerUser({ userID: 'u1', nickname: 'One', faceURL: '' }))();
    expect(im.getUser('u1')).toEqual({ userID: 'u1', nickname: 'One', faceURL: '' });
    expect(() => im.registerUser({ userID: 'u1', nickname: 'again', faceURL: '' })).toThrow();
    expect(() => im.registerUser({ userID: 'bad id', nickname: '', faceURL: '' })).toThrow(/invalid userID/);
  });

  it('issues, verifies and revokes tokens and kicks sessions', async () => {
    const im = facade();
    im.registerUser({ userID: 'u1', nickname: 'One', faceURL: '' });
    const token = await im.issueImToken('u1', 5);
    expect(await im.verifyImToken(token)).toBe('u1');
    expect(await im.verifyImToken('nope')).toBeUndefined();
    await expect(im.issueImToken('ghost', 5)).rejects.toMatchObject({ code: 1101 });
    await im.forceLogout('u1');
    expect(await im.verifyImToken(token)).toBeUndefined();
    expect(kicked).toEqual(['u1']);
  });

  it('handles friendship, blocking, profile updates and seeded messages', async () => {
    const im = facade();
    for (const u of ['a', 'b', 'c']) im.registerUser({ userID: u, nickname: u.toUpperCase(), faceURL: '' });
    expect(await im.applyFriend({ fromUserID: 'a', toUserID: 'a', reqMsg: '' })).toMatchObject({
      ok: false,
      errCode: 1301,
    });
    expect(await im.applyFriend({ fromUserID: 'a', toUserID: 'c', reqMsg: 'hi' })).toEqual({ ok: true });
    await im.addFriendPair('a', 'b');
    expect(im.areFriends('a', 'b')).toBe(true);
    expect(im.areFriends('a', 'c')).toBe(false);
    expect(await im.applyFriend({ fromUserID: 'a', toUserID: 'b', reqMsg: '' })).toMatchObject({
      ok: false,
      errCode: 1304,
    });
    expect(im.isBlocked('b', 'a')).toBe(false);
    await im.updateUserProfile('a', { nickname: 'Alpha' });
    expect(im.getUser('a')?.nickname).toBe('Alpha');
    expect(pushes.some((p) => p.userID === 'b' && p.msg.contentType === 1209)).toBe(true);
    await im.sendTextAsUser?.({ sendID: 'a', recvID: 'b', text: 'welcome' });
    const stored = s.db
      .prepare('SELECT send_id, content FROM messages WHERE conversation_id = ? ORDER BY seq DESC')
      .get('si_a_b') as { send_id: string; content: Buffer };
    expect(stored.send_id).toBe('a');
    expect(JSON.parse(stored.content.toString())).toEqual({ content: 'welcome' });
    expect(im.groupExists('g')).toBe(false);
  });
});

describe('ImFacade groups', () => {
  it('creates a group with roles and sends group texts as a member only', async () => {
    const im = facade();
    for (const u of ['a', 'b', 'c', 'd']) im.registerUser({ userID: u, nickname: u, faceURL: '' });
    const groupID = await im.createGroup({
      ownerUserID: 'a',
      groupName: 'Demo team',
      adminUserIDs: ['b'],
      memberUserIDs: ['c'],
    });
    expect(im.groupExists(groupID)).toBe(true);
    expect(im.isGroupMember(groupID, 'c')).toBe(true);
    expect(im.isGroupMember(groupID, 'd')).toBe(false);
    const roles = s.db
      .prepare('SELECT user_id, role_level FROM group_members WHERE group_id = ? ORDER BY user_id')
      .all(groupID);
    expect(roles).toEqual([
      { user_id: 'a', role_level: 100 },
      { user_id: 'b', role_level: 60 },
      { user_id: 'c', role_level: 20 },
    ]);
    pushes.length = 0;
    await im.sendTextAsUser?.({ sendID: 'c', groupID, text: 'hello team' });
    const last = s.db
      .prepare(
        'SELECT send_id, session_type, content FROM messages WHERE conversation_id = ? ORDER BY seq DESC',
      )
      .get(`sg_${groupID}`) as { send_id: string; session_type: number; content: Buffer };
    expect(last).toMatchObject({ send_id: 'c', session_type: 3 });
    expect(JSON.parse(last.content.toString())).toEqual({ content: 'hello team' });
    expect(new Set(pushes.filter((p) => p.msg.contentType === 101).map((p) => p.userID))).toEqual(
      new Set(['a', 'b', 'c']),
    );
    await expect(im.sendTextAsUser?.({ sendID: 'd', groupID, text: 'let me in' })).rejects.toMatchObject({
      code: 1203,
    });
    await expect(
      im.createGroup({ ownerUserID: 'a', groupName: 'x', adminUserIDs: ['b'], memberUserIDs: ['b'] }),
    ).rejects.toMatchObject({ code: 1001 });
  });
});

describe('WS handlers', () => {
  it('answers 1001-1007 for the connection user and maps core errors', async () => {
    const im = facade();
    for (const u of ['a', 'b']) im.registerUser({ userID: u, nickname: u, faceURL: '' });
    const h = createWsHandlers(s.core);
    const ctx = { userID: 'a', platformID: 5, connID: 'c1', operationID: 'op' };
    const sent = await h.sendMsg(ctx, textMsg('a', 'b', 'hi', 'cm1'));
    expect(isWsError(sent)).toBe(false);
    expect(await h.sendMsg(ctx, textMsg('b', 'a', 'spoof', 'cm2'))).toMatchObject({ errCode: 1002 });
    expect(await h.getNewestSeq(ctx, { userID: 'a' })).toEqual({
      maxSeqs: { si_a_b: 1 },
      minSeqs: { si_a_b: 1 },
    });
    expect(await h.getNewestSeq(ctx, { userID: 'b' })).toMatchObject({ errCode: 1002 });
    const pulled = await h.pullMsgByRange(
      { ...ctx, userID: 'b' },
      { userID: 'b', seqRanges: [{ conversationID: 'si_a_b', begin: 0, end: 1, num: 1 }], order: 0 },
    );
    expect(pulled).toMatchObject({
      msgs: { si_a_b: { isEnd: true, Msgs: [expect.objectContaining({ clientMsgID: 'cm1', seq: 1 })] } },
      notificationMsgs: {},
    });
    const bySeq = await h.pullMsgBySeqList(
      { ...ctx, userID: 'b' },
      { userID: 'b', conversations: [{ conversationID: 'si_a_b', seqs: [1] }], order: 1 },
    );
    expect(bySeq).toMatchObject({ msgs: { si_a_b: { Msgs: [expect.objectContaining({ seq: 1 })] } } });
    expect(
      await h.getConvMaxReadSeq(
        { ...ctx, userID: 'b' },
        { userID: 'b', conversationIDs: [], returnPinned: false },
      ),
    ).toMatchObject({
      seqs: { si_a_b: { maxSeq: 1, hasReadSeq: 0 } },
    });
    expect(await h.pullConvLastMessage(ctx, { userID: 'a', conversationIDs: ['si_a_b'] })).toMatchObject({
      msgs: { si_a_b: { seq: 1 } },
    });
  });
});
