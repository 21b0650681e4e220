import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type RunningServer, createServer } from '../app';
import { api, apiOk, registerUsers, textMsg } from '../testing/client';
import { sendMessage } from './messages';
import { hasReadAndMaxSeqs } from './pull';
import type { ImMsg } from './types';

interface Incr<T> {
  version: number;
  versionID: string;
  full: boolean;
  delete: string[];
  insert: T[];
  update: T[];
  sortVersion: number;
}
interface Friend {
  ownerUserID: string;
  remark: string;
  isPinned: boolean;
  friendUser: { userID: string; nickname: string };
}

let s: RunningServer;
let t: Record<string, string>;
let pushes: { userID: string; conversationID: string; msg: ImMsg }[];

beforeEach(async () => {
  s = await createServer({ memory: true, port: 0, logLevel: 'silent' });
  pushes = [];
  s.core.setPushSink({ push: (userID, conversationID, msg) => pushes.push({ userID, conversationID, msg }) });
  t = await registerUsers(s, ['alice', 'bob', 'carol']);
});
afterEach(async () => {
  await s.close();
});

const tips = (m: ImMsg): Record<string, unknown> =>
  JSON.parse((JSON.parse(new TextDecoder().decode(m.content)) as { detail: string }).detail) as Record<
    string,
    unknown
  >;
const incr = (user: string, versionID = '', version = 0) =>
  apiOk<Incr<Friend>>(s, '/friend/get_incremental_friends', { userID: user, versionID, version }, t[user]);

describe('friend applications', () => {
  it('runs request, accept and the incremental sync with real deltas on both sides', async () => {
    const a0 = await incr('alice');
    expect(a0.full).toBe(true);
    expect(a0.versionID).toMatch(/^[0-9a-f]{24}$/);
    const b0 = await incr('bob');

    await apiOk(
      s,
      '/friend/add_friend',
      { fromUserID: 'alice', toUserID: 'bob', reqMsg: 'hi', ex: '' },
      t['alice'],
    );
    const apply = pushes.filter((p) => p.msg.contentType === 1203);
    expect(apply.map((p) => p.userID).sort()).toEqual(['alice', 'bob']);
    expect(apply[0]?.conversationID).toBe('n_alice_bob');
    expect(tips(apply[0]!.msg)).toMatchObject({
      fromToUserID: { fromUserID: 'alice', toUserID: 'bob' },
      request: { fromUserID: 'alice', fromNickname: 'nick-alice', reqMsg: 'hi' },
    });

    const list = await apiOk<{
      FriendRequests: { fromUserID: string; handleResult: number }[];
      total: number;
    }>(
      s,
      '/friend/get_friend_apply_list',
      { userID: 'bob', pagination: { pageNumber: 1, showNumber: 10 }, handleResults: [] },
      t['bob'],
    );
    expect(list.total).toBe(1);
    expect(list.FriendRequests[0]).toMatchObject({ fromUserID: 'alice', handleResult: 0 });
    const mine = await apiOk<{ friendRequests: unknown[] }>(
      s,
      '/friend/get_self_friend_apply_list',
      { userID: 'alice', pagination: { pageNumber: 1, showNumber: 10 } },
      t['alice'],
    );
    expect(mine.friendRequests).toHaveLength(1);
    expect(
      await apiOk(s, '/friend/get_self_unhandled_apply_count', { userID: 'bob', time: 0 }, t['bob']),
    ).toEqual({ count: 1 });

    // Only the recipient may answer.
    expect(
      (
        await api(
          s,
          '/friend/add_friend_response',
          { fromUserID: 'alice', toUserID: 'bob', handleResult: 1, handleMsg: '' },
          t['alice'],
        )
      ).errCode,
    ).toBe(1002);
    await apiOk(
      s,
      '/friend/add_friend_response',
      { fromUserID: 'alice', toUserID: 'bob', handleResult: 1, handleMsg: 'ok' },
      t['bob'],
    );
    expect(
      (
        await api(
          s,
          '/friend/add_friend_response',
          { fromUserID: 'alice', toUserID: 'bob', handleResult: 1, handleMsg: '' },
          t['bob'],
        )
      ).errCode,
    ).toBe(1001);
    const approved = pushes.filter((p) => p.msg.contentType === 1201);
    expect(
      approved
        .filter((p) => p.conversationID === 'n_alice_bob')
        .map((p) => p.userID)
        .sort(),
    ).toEqual(['alice', 'bob']);
    // The reference's chat copy lands in si_alice_bob with a real seq.
    expect(approved.find((p) => p.conversationID === 'si_alice_bob')?.msg.seq).toBe(1);
    // ...which does not count as unread for either side (as the reference configures 1201).
    expect(hasReadAndMaxSeqs(s.core, 'alice', [], false).seqs.get('si_alice_bob')).toMatchObject({
      maxSeq: 1,
      hasReadSeq: 1,
    });
    expect(approved.find((p) => p.conversationID === 'si_alice_bob')?.msg.options).toMatchObject({
      unreadCount: false,
    });

    const a1 = await incr('alice', a0.versionID, a0.version);
    expect(a1.full).toBe(false);
    expect(a1.version).toBe(a0.version + 1);
    expect(a1.insert.map((f) => f.friendUser.userID)).toEqual(['bob']);
    expect(a1.insert[0]?.friendUser.nickname).toBe('nick-bob');
    const b1 = await incr('bob', b0.versionID, b0.version);
    expect(b1.insert.map((f) => f.friendUser.userID)).toEqual(['alice']);
    // Unchanged version: nothing to do.
    expect(await incr('alice', a1.versionID, a1.version)).toMatchObject({
      full: false,
      insert: [],
      update: [],
      delete: [],
    });

    expect(
      (
        await api(
          s,
          '/friend/add_friend',
          { fromUserID: 'alice', toUserID: 'bob', reqMsg: '', ex: '' },
          t['alice'],
        )
      ).errCode,
    ).toBe(1304);
    expect(
      (
        await api(
          s,
          '/friend/add_friend',
          { fromUserID: 'alice', toUserID: 'alice', reqMsg: '', ex: '' },
          t['alice'],
        )
      ).errCode,
    ).toBe(1301);
    expect(
      (
        await api(
          s,
          '/friend/add_friend',
          { fromUserID: 'bob', toUserID: 'carol', reqMsg: '', ex: '' },
          t['alice'],
        )
      ).errCode,
    ).toBe(1002);
    expect(
      (
        await api(
          s,
          '/friend/add_friend',
          { fromUserID: 'alice', toUserID: 'nobody', reqMsg: '', ex: '' },
          t['alice'],
        )
      ).errCode,
    ).toBe(1101);

    // Remark and pin: update entries plus a sort change, and 1210 to the owner.
    await apiOk(
      s,
      '/friend/update_friends',
      { ownerUserID: 'alice', friendUserIDs: ['bob'], remark: 'Bobby', isPinned: true, ex: null },
      t['alice'],
    );
    const a2 = await incr('alice', a1.versionID, a1.version);
    expect(a2.update.map((f) => [f.friendUser.userID, f.remark, f.isPinned])).toEqual([
      ['bob', 'Bobby', true],
    ]);
    expect(a2.sortVersion).toBe(a2.version);
    expect(pushes.some((p) => p.msg.contentType === 1210 && p.userID === 'alice')).toBe(true);
    expect(
      (
        await api(
          s,
          '/friend/update_friends',
          { ownerUserID: 'alice', friendUserIDs: ['carol'], remark: 'x' },
          t['alice'],
        )
      ).errCode,
    ).toBe(1004);

    // Clearing the remark asks for a full sync (the SDK would store the update without its empty remark);
    // the next sync from the new version is incremental again, and an unchanged empty remark is no clear.
    await apiOk(
      s,
      '/friend/update_friends',
      { ownerUserID: 'alice', friendUserIDs: ['bob'], remark: '' },
      t['alice'],
    );
    const cleared = await incr('alice', a2.versionID, a2.version);
    expect(cleared).toMatchObject({ full: true, update: [], insert: [], delete: [] });
    await apiOk(
      s,
      '/friend/update_friends',
      { ownerUserID: 'alice', friendUserIDs: ['bob'], remark: '', isPinned: false },
      t['alice'],
    );
    const again = await incr('alice', cleared.versionID, cleared.version);
    expect(again.full).toBe(false);
    expect(again.update.map((f) => [f.friendUser.userID, f.remark, f.isPinned])).toEqual([
      ['bob', '', false],
    ]);

    // Delete is one-way.
    await apiOk(s, '/friend/delete_friend', { ownerUserID: 'alice', friendUserID: 'bob' }, t['alice']);
    const a3 = await incr('alice', again.versionID, again.version);
    expect(a3.delete).toEqual(['bob']);
    const bobFriends = await apiOk<{ friendsInfo: Friend[]; total: number }>(
      s,
      '/friend/get_friend_list',
      { userID: 'bob', pagination: { pageNumber: 1, showNumber: 100 } },
      t['bob'],
    );
    expect(bobFriends.friendsInfo.map((f) => f.friendUser.userID)).toEqual(['alice']);
    expect(
      (await api(s, '/friend/delete_friend', { ownerUserID: 'alice', friendUserID: 'bob' }, t['alice']))
        .errCode,
    ).toBe(1004);
  });

  it('honours the chat account setting allowAddFriend with 20013', async () => {
    s.db
      .prepare(
        `INSERT INTO chat_accounts (user_id, nickname, invite_code, password_hash, created_at, updated_at, allow_add_friend)
         VALUES ('carol', 'carol', 'INV1', 'x', 0, 0, 0)`,
      )
      .run();
    const r = await api(
      s,
      '/friend/add_friend',
      { fromUserID: 'alice', toUserID: 'carol', reqMsg: '', ex: '' },
      t['alice'],
    );
    expect(r.errCode).toBe(20013);
    expect(pushes).toHaveLength(0);
    // Users without a chat account (bob) accept requests.
    expect(
      (
        await api(
          s,
          '/friend/add_friend',
          { fromUserID: 'alice', toUserID: 'bob', reqMsg: '', ex: '' },
          t['alice'],
        )
      ).errCode,
    ).toBe(0);
  });

  it('rolls an accept back completely when a write inside its transaction fails', async () => {
    await apiOk(
      s,
      '/friend/add_friend',
      { fromUserID: 'alice', toUserID: 'bob', reqMsg: '', ex: '' },
      t['alice'],
    );
    // Simulates a storage failure after the friend rows were written, at the version-log bump.
    s.db.exec(
      `CREATE TRIGGER fail_bump BEFORE INSERT ON version_entries WHEN NEW.e_id = 'alice'
       BEGIN SELECT RAISE(ABORT, 'simulated failure'); END`,
    );
    pushes.length = 0;
    const r = await api(
      s,
      '/friend/add_friend_response',
      { fromUserID: 'alice', toUserID: 'bob', handleResult: 1, handleMsg: '' },
      t['bob'],
    );
    expect(r.errCode).toBe(500);
    expect(s.db.prepare('SELECT COUNT(*) AS n FROM friends').get()).toEqual({ n: 0 });
    expect(s.db.prepare('SELECT handle_result FROM friend_requests').get()).toEqual({ handle_result: 0 });
    expect(s.db.prepare('SELECT COUNT(*) AS n FROM messages').get()).toEqual({ n: 0 });
    expect(pushes).toHaveLength(0);
    s.db.exec('DROP TRIGGER fail_bump');
    await apiOk(
      s,
      '/friend/add_friend_response',
      { fromUserID: 'alice', toUserID: 'bob', handleResult: 1, handleMsg: '' },
      t['bob'],
    );
    expect(s.db.prepare('SELECT COUNT(*) AS n FROM friends').get()).toEqual({ n: 2 });
  });

  it('refuses with 1202 and keeps both lists empty', async () => {
    await apiOk(
      s,
      '/friend/add_friend',
      { fromUserID: 'carol', toUserID: 'bob', reqMsg: '', ex: '' },
      t['carol'],
    );
    await apiOk(
      s,
      '/friend/add_friend_response',
      { fromUserID: 'carol', toUserID: 'bob', handleResult: -1, handleMsg: 'no' },
      t['bob'],
    );
    const refused = pushes.find((p) => p.msg.contentType === 1202);
    expect(tips(refused!.msg)).toMatchObject({ request: { handleResult: -1, handleMsg: 'no' } });
    const l = await apiOk<{ friendsInfo: unknown[]; total: number }>(
      s,
      '/friend/get_friend_list',
      { userID: 'bob', pagination: { pageNumber: 1, showNumber: 10 } },
      t['bob'],
    );
    expect(l.total).toBe(0);
  });

  it('pages friend lists and orders full IDs pinned first', async () => {
    const admin = (
      await apiOk<{ token: string }>(s, '/auth/get_admin_token', {
        secret: s.config.adminSecret,
        userID: 'imAdmin',
      })
    ).token;
    await apiOk(s, '/friend/import_friend', { ownerUserID: 'alice', friendUserIDs: ['bob', 'carol'] }, admin);
    const p1 = await apiOk<{ friendsInfo: Friend[]; total: number }>(
      s,
      '/friend/get_friend_list',
      { userID: 'alice', pagination: { pageNumber: 1, showNumber: 1 } },
      t['alice'],
    );
    const p2 = await apiOk<{ friendsInfo: Friend[]; total: number }>(
      s,
      '/friend/get_friend_list',
      { userID: 'alice', pagination: { pageNumber: 2, showNumber: 1 } },
      t['alice'],
    );
    const p3 = await apiOk<{ friendsInfo: Friend[]; total: number }>(
      s,
      '/friend/get_friend_list',
      { userID: 'alice', pagination: { pageNumber: 3, showNumber: 1 } },
      t['alice'],
    );
    expect([p1.total, p1.friendsInfo.length, p2.friendsInfo.length, p3.friendsInfo.length]).toEqual([
      2, 1, 1, 0,
    ]);
    await apiOk(
      s,
      '/friend/update_friends',
      { ownerUserID: 'alice', friendUserIDs: ['carol'], isPinned: true },
      t['alice'],
    );
    const ids = await apiOk<{ userIDs: string[]; equal: boolean }>(
      s,
      '/friend/get_full_friend_user_ids',
      { userID: 'alice', idHash: 0 },
      t['alice'],
    );
    expect(ids).toMatchObject({ userIDs: ['carol', 'bob'], equal: false });
    expect(
      (
        await api(
          s,
          '/friend/get_friend_list',
          { userID: 'bob', pagination: { pageNumber: 1, showNumber: 1 } },
          t['alice'],
        )
      ).errCode,
    ).toBe(1002);
  });

  it('announces profile changes to the user (1303) and to friends (1209 + friend-log update)', async () => {
    const admin = (
      await apiOk<{ token: string }>(s, '/auth/get_admin_token', {
        secret: s.config.adminSecret,
        userID: 'imAdmin',
      })
    ).token;
    await apiOk(s, '/friend/import_friend', { ownerUserID: 'alice', friendUserIDs: ['bob'] }, admin);
    const a0 = await incr('alice');
    pushes.length = 0;
    await apiOk(
      s,
      '/user/update_user_info_ex',
      { userInfo: { userID: 'bob', nickname: 'Robert', faceURL: null, ex: null, globalRecvMsgOpt: null } },
      t['bob'],
    );
    expect(pushes.map((p) => [p.userID, p.msg.contentType])).toEqual([
      ['bob', 1303],
      ['alice', 1209],
    ]);
    const a1 = await incr('alice', a0.versionID, a0.version);
    expect(a1.update.map((f) => f.friendUser.nickname)).toEqual(['Robert']);
    expect(
      (await api(s, '/user/update_user_info_ex', { userInfo: { userID: 'alice', nickname: 'x' } }, t['bob']))
        .errCode,
    ).toBe(1002);
    const info = await apiOk<{ usersInfo: { nickname: string; faceURL: string }[] }>(
      s,
      '/user/get_users_info',
      { userIDs: ['bob', 'ghost'] },
      t['alice'],
    );
    expect(info.usersInfo).toEqual([expect.objectContaining({ nickname: 'Robert', faceURL: '' })]);
  });
});

describe('blacklist', () => {
  it('blocks messages with 1302 until removed, and lists complete objects', async () => {
    await apiOk(s, '/friend/add_black', { ownerUserID: 'bob', blackUserID: 'alice', ex: '' }, t['bob']);
    expect(pushes.find((p) => p.msg.contentType === 1207)).toMatchObject({ userID: 'bob' });
    const l = await apiOk<{
      blacks: { blackUserInfo: { userID: string; nickname: string } }[];
      total: number;
    }>(
      s,
      '/friend/get_black_list',
      { userID: 'bob', pagination: { pageNumber: 1, showNumber: 200 } },
      t['bob'],
    );
    expect(l.blacks[0]?.blackUserInfo).toEqual({
      userID: 'alice',
      nickname: 'nick-alice',
      faceURL: '',
      ex: '',
    });
    const op = { userID: 'alice', platformID: 5, isAdmin: false };
    expect(() => sendMessage(s.core, op, textMsg('alice', 'bob', 'hi', 'c1'))).toThrow(
      expect.objectContaining({ code: 1302 }),
    );
    expect(
      (
        await api(
          s,
          '/friend/add_friend',
          { fromUserID: 'alice', toUserID: 'bob', reqMsg: '', ex: '' },
          t['alice'],
        )
      ).errCode,
    ).toBe(1302);
    // Bob can still write to Alice.
    expect(
      sendMessage(
        s.core,
        { userID: 'bob', platformID: 5, isAdmin: false },
        textMsg('bob', 'alice', 'hi', 'c2'),
      ).sendTime,
    ).toBeGreaterThan(0);
    await apiOk(s, '/friend/remove_black', { ownerUserID: 'bob', blackUserID: 'alice' }, t['bob']);
    // Removing again (a retry after a lost answer) succeeds and tells nobody anything new.
    const before = pushes.length;
    expect(
      (await api(s, '/friend/remove_black', { ownerUserID: 'bob', blackUserID: 'alice' }, t['bob'])).errCode,
    ).toBe(0);
    expect(pushes.length).toBe(before);
    expect(sendMessage(s.core, op, textMsg('alice', 'bob', 'hi again', 'c3')).serverMsgID).toMatch(
      /^[0-9a-f]{32}$/,
    );
    expect(
      (await api(s, '/friend/add_black', { ownerUserID: 'bob', blackUserID: 'bob', ex: '' }, t['bob']))
        .errCode,
    ).toBe(1001);
  });
});
