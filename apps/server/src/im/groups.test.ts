import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type RunningServer, createServer } from '../app';
import { adminToken, api, apiOk, registerUsers, textMsg } from '../testing/client';
import { sendMessage } from './messages';
import { hasReadAndMaxSeqs, pullByRange } from './pull';
import { notify } from './notifications';
import type { ImMsg } from './types';

interface Group {
  groupID: string;
  groupName: string;
  ownerUserID: string;
  memberCount: number;
  status: number;
  faceURL: string;
  notification: string;
  needVerification: number;
}
interface Member {
  userID: string;
  roleLevel: number;
  muteEndTime: number;
  nickname: string;
}
interface Incr<T> {
  version: number;
  versionID: string;
  full: boolean;
  delete: string[];
  insert: T[];
  update: T[];
  sortVersion: number;
  group?: Group | null;
}

let s: RunningServer;
let t: Record<string, string>;
let pushes: { userID: string; conversationID: string; msg: ImMsg }[];

beforeEach(async () => {
  s = await createServer({ memory: true, port: 0, logLevel: 'silent' });
  pushes = [];
  s.core.setPushSink({ push: (userID, conversationID, msg) => pushes.push({ userID, conversationID, msg }) });
  t = await registerUsers(s, ['owner', 'admin', 'admin2', 'member', 'member2', 'outsider']);
});
afterEach(async () => {
  await s.close();
});

const tk = (u: string): string => t[u] ?? '';
const call = (u: string, path: string, body: unknown) => api(s, `/group${path}`, body, tk(u));
const ok = <T = Record<string, unknown>>(u: string, path: string, body: unknown) =>
  apiOk<T>(s, `/group${path}`, body, tk(u));
const code = async (u: string, path: string, body: unknown) => (await call(u, path, body)).errCode;

const tipsOf = (m: ImMsg): Record<string, unknown> =>
  JSON.parse((JSON.parse(new TextDecoder().decode(m.content)) as { detail: string }).detail) as Record<
    string,
    unknown
  >;
/** Notifications (n_ stream) of one content type, with their recipients. */
const notices = (contentType: number) =>
  pushes.filter((p) => p.msg.contentType === contentType && p.conversationID.startsWith('n_'));
const recipients = (contentType: number) => new Set(notices(contentType).map((p) => p.userID));

async function makeGroup(extra: Record<string, unknown> = {}): Promise<string> {
  const r = await ok<{ groupInfo: Group }>('owner', '/create_group', {
    ownerUserID: 'owner',
    adminUserIDs: ['admin', 'admin2'],
    memberUserIDs: ['member', 'member2'],
    groupInfo: { groupID: '', groupName: 'Team', groupType: 2, ...extra },
  });
  return r.groupInfo.groupID;
}

function groupText(sendID: string, groupID: string, text: string, id: string, at: string[] = []): ImMsg {
  return { ...textMsg(sendID, '', text, id), groupID, sessionType: 3, atUserIDList: at };
}
const asUser = (userID: string) => ({ userID, platformID: 5, isAdmin: false });
const send = (u: string, groupID: string, text: string, at: string[] = []) =>
  sendMessage(s.core, asUser(u), groupText(u, groupID, text, `c-${Math.random()}`, at), (fx, n) =>
    notify(s.core, fx, n),
  );
const sendCode = (u: string, groupID: string) => {
  try {
    send(u, groupID, 'x');
    return 0;
  } catch (err) {
    return (err as { code: number }).code;
  }
};
const roles = async (groupID: string) =>
  Object.fromEntries(
    (await ok<{ members: Member[] }>('owner', '/get_group_member_list', { groupID, filter: 0 })).members.map(
      (m) => [m.userID, m.roleLevel],
    ),
  );

describe('create and read', () => {
  it('pages the member list in role order, with and without a keyword, counting every match', async () => {
    const groupID = await makeGroup();
    const page = async (pageNumber: number, showNumber: number, keyword = '') => {
      const r = await ok<{ total: number; members: Member[] }>('member', '/get_group_member_list', {
        groupID,
        filter: 0,
        keyword,
        pagination: { pageNumber, showNumber },
      });
      return { total: r.total, ids: r.members.map((m) => [m.userID, m.roleLevel]) };
    };
    expect(await page(1, 2)).toEqual({
      total: 5,
      ids: [
        ['owner', 100],
        ['admin', 60],
      ],
    });
    expect(await page(2, 2)).toEqual({
      total: 5,
      ids: [
        ['admin2', 60],
        ['member', 20],
      ],
    });
    expect(await page(3, 2)).toEqual({ total: 5, ids: [['member2', 20]] });
    expect(await page(4, 2)).toEqual({ total: 5, ids: [] });
    expect(await page(2, 1, 'member')).toEqual({ total: 2, ids: [['member2', 20]] });
  });

  it('creates a working group with roles, version logs, conversation records and the 1501 tip', async () => {
    const groupID = await makeGroup();
    expect(await roles(groupID)).toEqual({
      owner: 100,
      admin: 60,
      admin2: 60,
      member: 20,
      member2: 20,
    });
    const [info] = (
      await ok<{ groupInfos: Group[] }>('outsider', '/get_groups_info', { groupIDs: [groupID] })
    ).groupInfos;
    expect(info).toMatchObject({ groupName: 'Team', ownerUserID: 'owner', memberCount: 5, status: 0 });
    // The tip went to all members as a notification and as a visible copy in sg_<group>.
    expect(recipients(1501)).toEqual(new Set(['owner', 'admin', 'admin2', 'member', 'member2']));
    const tip = tipsOf(notices(1501)[0]?.msg as ImMsg);
    expect(tip).toMatchObject({ group: { groupID } });
    expect(tip['groupMemberVersion']).toBeGreaterThan(1);
    expect((tip['memberList'] as unknown[]).length).toBe(5);
    expect(pushes.some((p) => p.conversationID === `sg_${groupID}` && p.msg.contentType === 1501)).toBe(true);
    expect([...hasReadAndMaxSeqs(s.core, 'member', [], false).seqs.keys()]).toContain(`sg_${groupID}`);
    // Joined-group sync: a fresh client gets full, then an incremental answer is empty.
    const first = await ok<Incr<Group>>('member', '/get_incremental_join_groups', {
      userID: 'member',
      versionID: '',
      version: 0,
    });
    expect(first.full).toBe(true);
    const ids = await ok<{ groupIDs: string[]; versionID: string; version: number }>(
      'member',
      '/get_full_join_group_ids',
      { userID: 'member' },
    );
    expect(ids.groupIDs).toEqual([groupID]);
    const list = await ok<{ total: number; groups: Group[] }>('member', '/get_joined_group_list', {
      fromUserID: 'member',
      pagination: { pageNumber: 1, showNumber: 10 },
    });
    expect(list.total).toBe(1);
    const again = await ok<Incr<Group>>('member', '/get_incremental_join_groups', {
      userID: 'member',
      versionID: ids.versionID,
      version: ids.version,
    });
    expect(again).toMatchObject({ full: false, insert: [], update: [], delete: [] });
    const full = await ok<{ userIDs: string[] }>('member', '/get_full_group_member_user_ids', { groupID });
    expect(full.userIDs).toEqual(['owner', 'admin', 'admin2', 'member', 'member2']);
    const info2 = await ok<{ members: Member[] }>('member', '/get_group_members_info', {
      groupID,
      userIDs: ['admin', 'outsider'],
    });
    expect(info2.members.map((m) => [m.userID, m.nickname])).toEqual([['admin', 'nick-admin']]);
    const inGroup = await ok<{ userIDs: string[] }>('member', '/get_users_in_group', {
      groupID,
      userIDs: ['member', 'outsider'],
    });
    expect(inGroup.userIDs).toEqual(['member']);
  });

  it('refuses bad creations', async () => {
    const base = { ownerUserID: 'owner', adminUserIDs: [], memberUserIDs: ['member'] };
    const info = { groupID: '', groupName: 'x', groupType: 2 };
    expect(await code('owner', '/create_group', { ...base, groupInfo: { ...info, groupType: 0 } })).toBe(
      1205,
    );
    expect(await code('member', '/create_group', { ...base, groupInfo: info })).toBe(1002);
    expect(await code('owner', '/create_group', { ...base, memberUserIDs: ['ghost'], groupInfo: info })).toBe(
      1101,
    );
    expect(await code('owner', '/create_group', { ...base, memberUserIDs: ['owner'], groupInfo: info })).toBe(
      1001,
    );
    const groupID = await makeGroup();
    expect(await code('owner', '/create_group', { ...base, groupInfo: { ...info, groupID } })).toBe(1202);
    expect(
      await code('member', '/get_incremental_join_groups', { userID: 'owner', versionID: '', version: 0 }),
    ).toBe(1002);
    expect(await code('member', '/get_joined_group_list', { fromUserID: 'owner' })).toBe(1002);
    expect(await code('member', '/get_group_member_list', { groupID: 'nope', filter: 0 })).toBe(1201);
  });
  it('shows the member lists to members and app admins only; the group card stays public', async () => {
    const groupID = await makeGroup();
    const reads: [string, Record<string, unknown>][] = [
      ['/get_group_member_list', { groupID, filter: 0, pagination: { pageNumber: 1, showNumber: 10 } }],
      ['/get_group_members_info', { groupID, userIDs: ['owner', 'member'] }],
      ['/get_full_group_member_user_ids', { groupID }],
      ['/get_incremental_group_members', { groupID, versionID: '', version: 0 }],
    ];
    for (const [path, body] of reads) {
      const r = await call('outsider', path, body);
      expect(r.errCode, path).toBe(1002);
      expect(JSON.stringify(r.data ?? null), path).not.toContain('member2');
      expect(await code('member', path, body), path).toBe(0);
      expect((await api(s, `/group${path}`, body, await adminToken(s))).errCode, path).toBe(0);
    }
    // A member who left loses the lists with the membership.
    await ok('member2', '/quit_group', { groupID, userID: 'member2' });
    expect(await code('member2', '/get_full_group_member_user_ids', { groupID })).toBe(1002);
    const cards = await ok<{ groupInfos: Group[] }>('outsider', '/get_groups_info', { groupIDs: [groupID] });
    expect(cards.groupInfos[0]?.memberCount).toBe(4);
    // The batched member sync leaves out the groups the caller is not in, and answers for the others.
    const other = await makeGroup();
    const batch = await ok<{ respList: Record<string, Incr<Member>> }>(
      'member2',
      '/get_incremental_group_members_batch',
      {
        userID: 'member2',
        reqList: [groupID, other].map((id) => ({ groupID: id, versionID: '', version: 0 })),
      },
    );
    expect(Object.keys(batch.respList)).toEqual([other]);
  });

  it('gives a first member sync every member and the group when the group changed after the joined-groups sync', async () => {
    const groupID = await makeGroup();
    const first = { groupID, versionID: '', version: 0 };
    const members = (u: string) => ok<Incr<Member>>(u, '/get_incremental_group_members', first);
    await ok('member', '/get_incremental_join_groups', { userID: 'member', versionID: '', version: 0 });
    // Nothing changed since the device's joined-groups sync: the usual `full`, which the SDK syncs quietly.
    expect(await members('member')).toMatchObject({ full: true, insert: [] });

    await ok('owner', '/set_group_info_ex', { groupID, groupName: { value: 'Renamed' } });
    const fresh = await members('member');
    const ids = await ok<{ version: number; versionID: string; userIDs: string[] }>(
      'member',
      '/get_full_group_member_user_ids',
      { groupID },
    );
    // Not `full`: the SDK drops the group of a full answer, and this one carries the rename.
    expect(fresh).toMatchObject({
      full: false,
      delete: [],
      update: [],
      sortVersion: 0,
      group: { groupName: 'Renamed' },
    });
    expect(fresh.versionID).toBe(ids.versionID);
    expect(fresh.version).toBe(ids.version);
    expect(fresh.insert.map((m) => m.userID)).toEqual(ids.userIDs);
    const again = await ok<Incr<Member>>('member', '/get_incremental_group_members', {
      groupID,
      versionID: fresh.versionID,
      version: fresh.version,
    });
    expect(again).toMatchObject({ full: false, insert: [], update: [], delete: [], group: null });
    // A device whose joined-groups sync this server did not answer, and a log from elsewhere: `full`.
    expect(await members('member2')).toMatchObject({ full: true, insert: [] });
    const stale = await ok<Incr<Member>>('member', '/get_incremental_group_members', {
      groupID,
      versionID: 'a'.repeat(24), // another server's log
      version: 3,
    });
    expect(stale).toMatchObject({ full: true, insert: [], group: { groupName: 'Renamed' } });
    // After a new joined-groups sync the device has the new info: `full` again.
    await ok('member', '/get_incremental_join_groups', { userID: 'member', versionID: '', version: 0 });
    expect(await members('member')).toMatchObject({ full: true, insert: [] });
  });
});

describe('group messages', () => {
  it('fans out to members, enforces membership and mutes, and records @-mentions', async () => {
    const groupID = await makeGroup();
    pushes = [];
    send('member', groupID, 'hello');
    expect(new Set(pushes.filter((p) => p.msg.contentType === 101).map((p) => p.userID))).toEqual(
      new Set(['owner', 'admin', 'admin2', 'member', 'member2']),
    );
    expect(sendCode('outsider', groupID)).toBe(1203);
    expect(sendCode('member', 'no-such-group')).toBe(1201);

    // @admin and @all: flags on the mentioned members' conversation records, with 1300 to sync them.
    pushes = [];
    send('owner', groupID, '@admin', ['admin']);
    const at = (u: string) =>
      (
        s.db
          .prepare(
            'SELECT group_at_type AS t FROM conversations WHERE owner_user_id = ? AND conversation_id = ?',
          )
          .get(u, `sg_${groupID}`) as { t: number }
      ).t;
    expect(at('admin')).toBe(1);
    expect(at('member')).toBe(0);
    expect(recipients(1300)).toEqual(new Set(['admin']));
    send('owner', groupID, '@all', ['AtAllTag']);
    expect([at('admin'), at('member'), at('owner')]).toEqual([3, 2, 0]);

    // Member mute: 1402 until unmuted; the owner is exempt from mute-all, admins too, members get 1403.
    await ok('admin', '/mute_group_member', { groupID, userID: 'member', mutedSeconds: 60 });
    expect(sendCode('member', groupID)).toBe(1402);
    await ok('admin', '/cancel_mute_group_member', { groupID, userID: 'member' });
    expect(sendCode('member', groupID)).toBe(0);
    await ok('admin', '/mute_group', { groupID });
    expect(sendCode('member', groupID)).toBe(1403);
    expect(sendCode('admin2', groupID)).toBe(0);
    expect(sendCode('owner', groupID)).toBe(0);
    await ok('owner', '/cancel_mute_group', { groupID });
    expect(sendCode('member', groupID)).toBe(0);
  });

  it('hands a group fan-out to the sink as one multi-user push (encoded once by the gateway)', async () => {
    const groupID = await makeGroup();
    const batches: { userIDs: readonly string[]; contentType: number }[] = [];
    s.core.setPushSink({
      push: (userID, conversationID, msg) => pushes.push({ userID, conversationID, msg }),
      pushToUsers: (userIDs, _c, msg) => batches.push({ userIDs, contentType: msg.contentType }),
    });
    send('member', groupID, 'to everyone');
    expect(batches.filter((b) => b.contentType === 101)).toEqual([
      { userIDs: ['owner', 'admin', 'admin2', 'member', 'member2'], contentType: 101 },
    ]);
  });

  it('lets new members read the history and leavers only what was sent before they left', async () => {
    const groupID = await makeGroup();
    send('owner', groupID, 'before');
    await ok('owner', '/invite_user_to_group', { groupID, invitedUserIDs: ['outsider'], reason: '' });
    const pulled = pullByRange(
      s.core,
      'outsider',
      [{ conversationID: `sg_${groupID}`, begin: 1, end: 100, num: 100 }],
      0,
    );
    const texts = (pulled.msgs.get(`sg_${groupID}`)?.msgs ?? []).map((m) =>
      new TextDecoder().decode(m.content),
    );
    expect(texts).toContain(JSON.stringify({ content: 'before' }));
    await ok('outsider', '/quit_group', { groupID, userID: 'outsider' });
    send('owner', groupID, 'after');
    const seqs = hasReadAndMaxSeqs(s.core, 'outsider', [`sg_${groupID}`], false).seqs.get(`sg_${groupID}`);
    const groupMax = hasReadAndMaxSeqs(s.core, 'owner', [`sg_${groupID}`], false).seqs.get(`sg_${groupID}`);
    expect(seqs?.maxSeq).toBe((groupMax?.maxSeq ?? 0) - 1);
  });
});

describe('revoking in a group', () => {
  it('lets the sender, the owner, and admins (for ordinary members) revoke, and tells every member', async () => {
    const groupID = await makeGroup();
    const conversationID = `sg_${groupID}`;
    const seqOf = () =>
      (
        s.db.prepare('SELECT MAX(seq) AS n FROM messages WHERE conversation_id = ?').get(conversationID) as {
          n: number;
        }
      ).n;
    const revoke = (u: string, seq: number) =>
      api(s, '/msg/revoke_msg', { conversationID, seq, userID: u }, tk(u));
    send('admin2', groupID, 'from an admin');
    const adminMsg = seqOf();
    send('member2', groupID, 'from a member');
    const memberMsg = seqOf();
    expect((await revoke('member', memberMsg)).errCode).toBe(1002);
    expect((await revoke('admin', adminMsg)).errCode).toBe(1002);
    pushes = [];
    expect((await revoke('admin', memberMsg)).errCode).toBe(0);
    expect(recipients(2101)).toEqual(new Set(['owner', 'admin', 'admin2', 'member', 'member2']));
    expect(notices(2101)[0]?.conversationID).toBe(`n_${groupID}`);
    expect((await revoke('owner', adminMsg)).errCode).toBe(0);
    send('member', groupID, 'mine');
    expect((await revoke('member', seqOf())).errCode).toBe(0);
  });
});

describe('membership', () => {
  it('invites directly with 1509 and member-log inserts the tip version points to', async () => {
    const groupID = await makeGroup();
    const before = await ok<{ version: number; versionID: string }>(
      'member',
      '/get_full_group_member_user_ids',
      {
        groupID,
      },
    );
    pushes = [];
    await ok('member', '/invite_user_to_group', { groupID, invitedUserIDs: ['outsider'], reason: '' });
    expect(recipients(1509)).toContain('outsider');
    const tip = tipsOf(notices(1509)[0]?.msg as ImMsg);
    expect(tip['groupMemberVersion']).toBe(before.version + 1);
    const d = await ok<{ respList: Record<string, Incr<Member>> }>(
      'member',
      '/get_incremental_group_members_batch',
      {
        userID: 'member',
        reqList: [{ groupID, versionID: before.versionID, version: before.version }],
      },
    );
    // The group comes along: its memberCount changed.
    expect(d.respList[groupID]).toMatchObject({
      full: false,
      delete: [],
      group: { groupID, memberCount: 6 },
    });
    expect(d.respList[groupID]?.insert.map((m) => m.userID)).toEqual(['outsider']);
    expect(
      await code('member', '/invite_user_to_group', { groupID, invitedUserIDs: ['outsider'], reason: '' }),
    ).toBe(1001);
    expect(await code('outsider', '/invite_user_to_group', { groupID, invitedUserIDs: [], reason: '' })).toBe(
      1001,
    );
  });

  it('kicks by rank: owner anyone lower, admins ordinary members only, members nobody', async () => {
    const groupID = await makeGroup();
    expect(await code('admin', '/kick_group', { groupID, kickedUserIDs: ['admin2'], reason: '' })).toBe(1002);
    expect(await code('member', '/kick_group', { groupID, kickedUserIDs: ['member2'], reason: '' })).toBe(
      1002,
    );
    expect(await code('admin', '/kick_group', { groupID, kickedUserIDs: ['owner'], reason: '' })).toBe(1001);
    expect(await code('outsider', '/kick_group', { groupID, kickedUserIDs: ['member'], reason: '' })).toBe(
      1203,
    );
    pushes = [];
    await ok('admin', '/kick_group', { groupID, kickedUserIDs: ['member2'], reason: '' });
    expect(recipients(1508)).toEqual(new Set(['owner', 'admin', 'admin2', 'member', 'member2']));
    await ok('owner', '/kick_group', { groupID, kickedUserIDs: ['admin2'], reason: '' });
    expect(Object.keys(await roles(groupID)).sort()).toEqual(['admin', 'member', 'owner']);
    const joined = await ok<{ groupIDs: string[] }>('member2', '/get_full_join_group_ids', {
      userID: 'member2',
    });
    expect(joined.groupIDs).toEqual([]);
  });

  it('quits (not the owner), transfers (owner only) and dismisses (owner only, then refuses everything)', async () => {
    const groupID = await makeGroup();
    expect(await code('owner', '/quit_group', { groupID, userID: 'owner' })).toBe(1002);
    expect(await code('member', '/quit_group', { groupID, userID: 'member2' })).toBe(1002);
    await ok('member2', '/quit_group', { groupID, userID: 'member2' });
    expect(recipients(1504)).toContain('member2');
    expect(
      await code('admin', '/transfer_group', { groupID, oldOwnerUserID: 'admin', newOwnerUserID: 'member' }),
    ).toBe(1002);
    expect(
      await code('owner', '/transfer_group', {
        groupID,
        oldOwnerUserID: 'owner',
        newOwnerUserID: 'outsider',
      }),
    ).toBe(1203);
    const v = await ok<{ version: number; versionID: string }>('owner', '/get_full_group_member_user_ids', {
      groupID,
    });
    await ok('owner', '/transfer_group', { groupID, oldOwnerUserID: 'owner', newOwnerUserID: 'member' });
    expect(await roles(groupID)).toMatchObject({ owner: 20, member: 100 });
    const d = await ok<Incr<Member>>('admin', '/get_incremental_group_members', { groupID, ...v });
    expect(d.sortVersion).toBe(v.version + 1);
    expect(d.group?.ownerUserID).toBe('member');
    expect(d.update.map((m) => m.userID).sort()).toEqual(['member', 'owner']);

    expect(await code('owner', '/dismiss_group', { groupID })).toBe(1002);
    expect(await code('admin', '/dismiss_group', { groupID })).toBe(1002);
    pushes = [];
    await ok('member', '/dismiss_group', { groupID });
    expect(recipients(1511)).toEqual(new Set(['owner', 'admin', 'admin2', 'member']));
    const [g] = (await ok<{ groupInfos: Group[] }>('member', '/get_groups_info', { groupIDs: [groupID] }))
      .groupInfos;
    expect(g?.status).toBe(2);
    expect(sendCode('member', groupID)).toBe(1204);
    expect(await code('member', '/dismiss_group', { groupID })).toBe(1204);
    expect(
      await code('member', '/invite_user_to_group', { groupID, invitedUserIDs: ['outsider'], reason: '' }),
    ).toBe(1204);
    expect(await code('outsider', '/join_group', { groupID, reqMessage: '', joinSource: 3 })).toBe(1204);
    const inc = await ok<Incr<Group>>('admin', '/get_full_join_group_ids', { userID: 'admin' });
    expect(inc).toMatchObject({ groupIDs: [] });
  });
});

describe('administration', () => {
  it('mutes by rank and sends 1512/1513 with the muted member', async () => {
    const groupID = await makeGroup();
    expect(await code('admin', '/mute_group_member', { groupID, userID: 'admin2', mutedSeconds: 60 })).toBe(
      1002,
    );
    expect(await code('member', '/mute_group_member', { groupID, userID: 'member2', mutedSeconds: 60 })).toBe(
      1002,
    );
    expect(await code('admin', '/mute_group_member', { groupID, userID: 'owner', mutedSeconds: 60 })).toBe(
      1002,
    );
    await ok('owner', '/mute_group_member', { groupID, userID: 'admin2', mutedSeconds: 60 });
    const tip = tipsOf(notices(1512)[0]?.msg as ImMsg);
    expect((tip['mutedUser'] as Member).muteEndTime).toBeGreaterThan(Date.now());
    expect(tip['mutedSeconds']).toBe(60);
    await ok('owner', '/cancel_mute_group_member', { groupID, userID: 'admin2' });
    expect(recipients(1513).size).toBe(5);
    expect(await code('member', '/mute_group', { groupID })).toBe(1002);
    expect(await code('member', '/cancel_mute_group', { groupID })).toBe(1002);
  });

  // The app's admin API mutes through the same path: the same 1512/1513 (with the muted member's new
  // muteEndTime, which the SDK turns into OnGroupMemberInfoChanged) reach every member, the muted admin
  // included, and her sends are refused until the unmute (only the owner is never silenced).
  it('an admin-API mute of an admin sends the same 1512/1513 to every member and refuses her sends', async () => {
    const groupID = await makeGroup();
    const admin = await adminToken(s);
    const asAppAdmin = (path: string, body: unknown) => apiOk(s, `/group${path}`, body, admin);
    await asAppAdmin('/mute_group_member', { groupID, userID: 'admin2', mutedSeconds: 300 });
    expect(recipients(1512)).toEqual(new Set(['owner', 'admin', 'admin2', 'member', 'member2']));
    const tip = tipsOf(notices(1512)[0]?.msg as ImMsg);
    expect(tip['mutedUser']).toMatchObject({ userID: 'admin2', roleLevel: 60 });
    expect((tip['mutedUser'] as Member).muteEndTime).toBeGreaterThan(Date.now());
    expect(tip['groupMemberVersion']).toEqual(expect.any(Number));
    expect(sendCode('admin2', groupID)).toBe(1402);
    expect(sendCode('owner', groupID)).toBe(0);

    await asAppAdmin('/cancel_mute_group_member', { groupID, userID: 'admin2' });
    expect(recipients(1513)).toEqual(new Set(['owner', 'admin', 'admin2', 'member', 'member2']));
    expect((tipsOf(notices(1513)[0]?.msg as ImMsg)['mutedUser'] as Member).muteEndTime).toBe(0);
    expect(sendCode('admin2', groupID)).toBe(0);
  });

  it('edits group info (owner and admins), with 1520/1519/1502 and the group in the member sync', async () => {
    const groupID = await makeGroup();
    expect(await code('member', '/set_group_info_ex', { groupID, groupName: 'Mine' })).toBe(1002);
    expect(await code('outsider', '/set_group_info_ex', { groupID, groupName: 'Mine' })).toBe(1203);
    const v = await ok<{ version: number; versionID: string }>('member', '/get_full_group_member_user_ids', {
      groupID,
    });
    pushes = [];
    await ok('admin', '/set_group_info_ex', {
      groupID,
      groupName: 'Renamed',
      faceURL: 'https://x/y.png',
      notification: 'Read me',
    });
    expect([...new Set(notices(1520).map((p) => p.userID))].length).toBe(5);
    expect(notices(1519).length).toBe(5);
    expect(notices(1502).length).toBe(5);
    const d = await ok<Incr<Member>>('member', '/get_incremental_group_members', { groupID, ...v });
    expect(d.group).toMatchObject({
      groupName: 'Renamed',
      faceURL: 'https://x/y.png',
      notification: 'Read me',
    });
    expect(await code('admin', '/set_group_info_ex', { groupID, groupName: '  ' })).toBe(1001);
  });

  it('sets admins (owner only) and member nicknames, with 1517/1518/1516 and sort versions', async () => {
    const groupID = await makeGroup();
    const set = (u: string, m: Record<string, unknown>) =>
      code(u, '/set_group_member_info', { members: [{ groupID, ...m }] });
    expect(await set('admin', { userID: 'member', roleLevel: 60 })).toBe(1002);
    expect(await set('owner', { userID: 'member', roleLevel: 100 })).toBe(1001);
    expect(await set('member', { userID: 'member2', nickname: 'hi' })).toBe(1002);
    expect(await set('owner', { userID: 'member', roleLevel: 60 })).toBe(0);
    expect((tipsOf(notices(1517)[0]?.msg as ImMsg)['groupSortVersion'] as number) > 0).toBe(true);
    expect(await set('owner', { userID: 'member', roleLevel: 20 })).toBe(0);
    expect(notices(1518).length).toBe(5);
    expect(await set('member', { userID: 'member', nickname: 'Me in here' })).toBe(0);
    const tip = tipsOf(notices(1516)[0]?.msg as ImMsg);
    expect(tip).toMatchObject({ changedUser: { nickname: 'Me in here' }, groupSortVersion: 0 });
    // Role changes also leave a visible tip in the chat; a nickname change does not.
    const copies = (ct: number) =>
      pushes.filter((p) => p.conversationID === `sg_${groupID}` && p.msg.contentType === ct);
    expect(copies(1517).length).toBeGreaterThan(0);
    expect(tipsOf(copies(1517)[0]?.msg as ImMsg)).toMatchObject({ changedUser: { userID: 'member' } });
    expect(copies(1518).length).toBeGreaterThan(0);
    expect(copies(1516)).toEqual([]);
  });
});

describe('join requests', () => {
  it('stores applications, lists them for managers and applicants, and accepts or refuses', async () => {
    const groupID = await makeGroup();
    pushes = [];
    await ok('outsider', '/join_group', {
      groupID,
      reqMessage: 'please',
      joinSource: 3,
      inviterUserID: 'outsider',
    });
    expect(recipients(1503)).toEqual(new Set(['owner', 'admin', 'admin2', 'outsider']));
    expect(await code('member', '/join_group', { groupID, reqMessage: '', joinSource: 3 })).toBe(1001);
    const recv = await ok<{
      total: number;
      groupRequests: { userInfo: { userID: string }; reqMsg: string }[];
    }>('admin', '/get_recv_group_applicationList', {
      fromUserID: 'admin',
      pagination: { pageNumber: 1, showNumber: 10 },
    });
    expect(recv.total).toBe(1);
    expect(recv.groupRequests[0]).toMatchObject({ userInfo: { userID: 'outsider' }, reqMsg: 'please' });
    const none = await ok<{ total: number }>('member', '/get_recv_group_applicationList', {
      fromUserID: 'member',
    });
    expect(none.total).toBe(0);
    const mine = await ok<{ total: number }>('outsider', '/get_user_req_group_applicationList', {
      userID: 'outsider',
    });
    expect(mine.total).toBe(1);
    expect(
      (
        await ok<{ count: number }>('owner', '/get_group_application_unhandled_count', {
          userID: 'owner',
          time: 0,
        })
      ).count,
    ).toBe(1);
    expect(await code('member', '/get_user_req_group_applicationList', { userID: 'outsider' })).toBe(1002);

    const respond = (u: string, handleResult: number) =>
      code(u, '/group_application_response', {
        groupID,
        fromUserID: 'outsider',
        handledMsg: 'ok',
        handleResult,
      });
    expect(await respond('member', 1)).toBe(1002);
    expect(await respond('owner', 0)).toBe(1001);
    pushes = [];
    expect(await respond('admin', 1)).toBe(0);
    expect(recipients(1505)).toEqual(new Set(['owner', 'admin', 'admin2', 'outsider']));
    // Nobody invited the applicant: "member entered" (1510) as open-im-server sends, not "invited".
    expect(recipients(1510)).toContain('outsider');
    expect(recipients(1509).size).toBe(0);
    const entered = tipsOf(notices(1510)[0]?.msg as ImMsg) as { entrantUser?: { userID?: string } };
    expect(entered.entrantUser?.userID).toBe('outsider');
    expect(await respond('owner', -1)).toBe(1206);
    expect((await roles(groupID))['outsider']).toBe(20);

    // Refusal: the applicant hears 1506 and stays outside.
    await ok('outsider', '/quit_group', { groupID, userID: 'outsider' });
    await ok('outsider', '/join_group', { groupID, reqMessage: 'again', joinSource: 3 });
    pushes = [];
    expect(await respond('owner', -1)).toBe(0);
    expect(recipients(1506)).toContain('outsider');
    expect((await roles(groupID))['outsider']).toBeUndefined();
  });

  it('admits directly when the group needs no verification, and routes member invitations when all need it', async () => {
    const open = await makeGroup({ needVerification: 2 });
    await ok('outsider', '/join_group', { groupID: open, reqMessage: '', joinSource: 3 });
    expect(recipients(1510)).toContain('outsider');
    const closed = await makeGroup({ needVerification: 1 });
    pushes = [];
    await ok('member', '/invite_user_to_group', {
      groupID: closed,
      invitedUserIDs: ['outsider'],
      reason: 'friend',
    });
    expect((await roles(closed))['outsider']).toBeUndefined();
    expect(recipients(1503)).toContain('owner');
    await ok('admin', '/invite_user_to_group', { groupID: closed, invitedUserIDs: ['outsider'], reason: '' });
    expect((await roles(closed))['outsider']).toBe(20);
  });
});
