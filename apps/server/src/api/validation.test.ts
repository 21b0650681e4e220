import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../app';
import { createServer } from '../seed/server';
import { md5Hex } from '../chat/crypto';
import { api, apiOk, registerUsers } from '../testing/client';

/**
 * Malformed inputs that an earlier version accepted with success (or looked up as if they could
 * exist). Each must be refused with 1001 and a message naming what is wrong (`field`).
 */
interface Case {
  /** `/api/...` or `/chat/...` */
  path: string;
  /** A value to send as JSON, or `{ raw }` for a body sent as it is. */
  body: unknown;
  /** Text the error message must contain: the offending field (or `body`). */
  field: string;
}

const long = 'x'.repeat(65);
const badIDs = ['', '"', "a'b", long, 'ünï', 'a b', 'a/b', '<script>', 'a;--', 'a.b', '..', 'a\u0000b'];
const raw = (text: string) => ({ raw: text });

/** A body of each wrong kind: null, array, scalars. */
const wrongBodies = [
  raw('null'),
  raw('[]'),
  raw('[{"userID":"alice"}]'),
  raw('"text"'),
  raw('12'),
  raw('true'),
];

function cases(groupID: string): Case[] {
  const out: Case[] = [];
  const add = (path: string, body: unknown, field: string) => out.push({ path, body, field });

  // ---- identifiers in reads ----
  for (const id of badIDs) {
    add('/api/user/get_users_info', { userIDs: [id] }, 'userIDs.0');
    add('/api/group/get_groups_info', { groupIDs: [id] }, 'groupIDs.0');
  }
  for (const id of ['"', long, 'a b', 'ünï', '']) {
    add('/api/group/get_group_member_list', { groupID: id, filter: 0 }, 'groupID');
    add('/api/group/get_group_members_info', { groupID, userIDs: [id] }, 'userIDs.0');
    add(
      '/api/friend/get_designated_friends',
      { ownerUserID: 'alice', friendUserIDs: [id] },
      'friendUserIDs.0',
    );
    add('/api/friend/get_friend_list', { userID: id }, 'userID');
  }
  for (const id of ['', '../../etc', 'si_alice bob', 'x'.repeat(201), 'si_"alice"', 'sg_ü']) {
    add(
      '/api/conversation/get_conversations',
      { ownerUserID: 'alice', conversationIDs: [id] },
      'conversationIDs.0',
    );
  }
  add('/api/msg/mark_msgs_as_read', { conversationID: '../x', userID: 'alice', seqs: [1] }, 'conversationID');
  // ---- create_group's owner and members ----
  const group = { groupID: '', groupName: 'g', groupType: 2 };
  for (const id of ['"', long, 'a b', 'ünï']) {
    add(
      '/api/group/create_group',
      { ownerUserID: id, memberUserIDs: ['bob'], groupInfo: group },
      'ownerUserID',
    );
    add(
      '/api/group/create_group',
      { ownerUserID: 'alice', memberUserIDs: [id], groupInfo: group },
      'memberUserIDs.0',
    );
    add(
      '/api/group/create_group',
      { ownerUserID: 'alice', groupInfo: { ...group, groupID: id } },
      'groupInfo.groupID',
    );
  }
  add('/api/group/create_group', { ownerUserID: 'alice', groupInfo: null }, 'groupInfo');
  add(
    '/api/group/create_group',
    { ownerUserID: 'alice', groupInfo: { ...group, groupType: '2' } },
    'groupType',
  );
  add('/api/group/quit_group', { groupID, userID: '"' }, 'userID');
  add(
    '/api/group/transfer_group',
    { groupID, oldOwnerUserID: long, newOwnerUserID: 'bob' },
    'oldOwnerUserID',
  );
  add('/api/group/join_group', { groupID, inviterUserID: 'a b' }, 'inviterUserID');
  // ---- numbers by range: versions of the incremental syncs ----
  for (const v of [-1, -1e9, 1.5, '3', 2 ** 60]) {
    add('/api/friend/get_incremental_friends', { userID: 'alice', versionID: '', version: v }, 'version');
    add('/api/conversation/get_incremental_conversations', { userID: 'alice', version: v }, 'version');
    add('/api/group/get_incremental_join_groups', { userID: 'alice', version: v }, 'version');
    add('/api/group/get_incremental_group_members', { groupID, version: v }, 'version');
  }
  add(
    '/api/group/get_incremental_group_members_batch',
    { userID: 'alice', reqList: [{ groupID, versionID: '', version: -5 }] },
    'reqList.0.version',
  );
  for (const vid of ['"', 'not-a-version', 'ABCDEF0123456789ABCDEF01', 'x'.repeat(64)]) {
    add('/api/friend/get_incremental_friends', { userID: 'alice', versionID: vid, version: 1 }, 'versionID');
  }
  add('/api/friend/get_self_unhandled_apply_count', { userID: 'alice', time: -1 }, 'time');
  // ---- bodies by type ----
  for (const body of wrongBodies) {
    add('/api/user/get_users_info', body, 'body');
    add('/api/msg/get_server_time', body, 'body');
    add('/api/object/part_limit', body, 'body');
    add('/chat/user/search/fuzzy', body, 'body');
    add('/chat/app/redbag/log/send', body, 'body');
    for (const qr of ['create', 'wait', 'scan', 'confirm', 'cancel'])
      add(`/chat/qrlogin/${qr}`, body, 'body');
  }
  add('/api/user/get_users_info', { userIDs: 'alice' }, 'userIDs');
  add('/api/friend/get_friend_list', { userID: 'alice', pagination: 'all' }, 'pagination');
  add(
    '/api/friend/get_friend_list',
    { userID: 'alice', pagination: { pageNumber: '1', showNumber: 10 } },
    'pageNumber',
  );
  // ---- object/initiate_multipart_upload ----
  const upload = {
    hash: 'a'.repeat(32),
    size: 10,
    partSize: 10,
    maxParts: 1,
    name: 'alice/a.txt',
    contentType: 'text/plain',
  };
  for (const [field, value] of [
    ['hash', 5],
    ['hash', 'zz'],
    ['size', true],
    ['size', '10'],
    ['size', -1],
    ['size', 1.5],
    ['partSize', 'ten'],
    ['partSize', []],
    ['maxParts', '1'],
    ['maxParts', -1],
    ['name', 5],
    ['name', ''],
    ['name', ['a']],
    ['contentType', 5],
    ['cause', {}],
    ['urlPrefix', 7],
  ] as const) {
    add('/api/object/initiate_multipart_upload', { ...upload, [field]: value }, field);
  }
  // ---- /chat/user/search/fuzzy ----
  for (const [field, value] of [
    ['keyword', 5],
    ['keyword', ['a']],
    ['keyword', null],
    ['searchFields', 'nickname'],
    ['searchFields', [1]],
    ['searchFields', ['nickname', 'password']],
    ['pagination', []],
    ['pagination', 'first'],
    ['pagination', { pageNumber: -1, showNumber: 10 }],
    ['pagination', { pageNumber: '1', showNumber: 10 }],
    ['pagination', { pageNumber: 1, showNumber: 1.5 }],
    ['excludeSelf', 'yes'],
  ] as const) {
    add('/chat/user/search/fuzzy', { keyword: 'alice', [field]: value }, field);
  }
  // Control characters in a keyword: NUL would cut the LIKE pattern short in SQLite and match everyone.
  for (const keyword of ['\u0000', 'a\u0000', '\u0007bob', 'bo\nb', '\u007f', 'a\u009fb']) {
    add('/chat/user/search/fuzzy', { keyword }, 'keyword');
    for (const path of ['/chat/user/search/full', '/chat/user/search/public'])
      add(path, { keyword, pagination: { pageNumber: 1, showNumber: 20 } }, 'keyword');
  }
  // ---- chat v1.8's /chat/user/search/full and /public: JSON numbers only, as chat's Go decoder ----
  for (const path of ['/chat/user/search/full', '/chat/user/search/public']) {
    for (const [field, value] of [
      ['pagination', { pageNumber: '1', showNumber: 20 }],
      ['pagination', { pageNumber: 1, showNumber: '20' }],
      ['genders', '1'],
      ['keyword', 5],
    ] as const) {
      add(path, { keyword: 'a', pagination: { pageNumber: 1, showNumber: 20 }, [field]: value }, field);
    }
  }
  add(
    '/chat/user/search/full',
    { keyword: 'a', pagination: { pageNumber: 1, showNumber: 20 }, normal: '1' },
    'normal',
  );
  // ---- /chat/app/redbag/log/send ----
  const send = { receiveUserId: 'alice', amount: 1, num: 1, message: '', payPassword: md5Hex('123456') };
  for (const [field, value] of [
    ['receiveUserId', 5],
    ['receiveUserId', '"'],
    ['receiveUserId', long],
    ['receiveUserId', 'a b'],
    ['groupID', 'a b'],
    ['groupID', 7],
    ['amount', true],
    ['amount', []],
    ['amount', {}],
    ['amount', '100'],
    ['amount', '1.50'],
    ['num', 'x'],
    ['num', '1'],
    ['num', -1],
    ['num', 1.5],
    ['message', 5],
    ['payPassword', 5],
    ['payPassword', null],
  ] as const) {
    add('/chat/app/redbag/log/send', { ...send, [field]: value }, field);
  }
  // ---- /chat/qrlogin/* (sign-in by QR code) ----
  for (const [field, value] of [
    ['platform', '5'],
    ['platform', 0],
    ['platform', 10],
    ['platform', 2.5],
    ['deviceName', 5],
    ['deviceName', long],
    ['deviceName', 'a\u0007b'],
  ] as const) {
    add('/chat/qrlogin/create', { platform: 5, [field]: value }, field);
  }
  const qrCode = 'A'.repeat(32);
  for (const code of ['', 'A'.repeat(31), 'A'.repeat(33), `${'A'.repeat(31)}=`, `${'A'.repeat(31)}/`, 32]) {
    add('/chat/qrlogin/wait', { code, secret: 'B'.repeat(43) }, 'code');
    for (const qr of ['scan', 'confirm', 'cancel']) add(`/chat/qrlogin/${qr}`, { code }, 'code');
  }
  for (const secret of ['', 'B'.repeat(42), `${'B'.repeat(42)}+`, null]) {
    add('/chat/qrlogin/wait', { code: qrCode, secret }, 'secret');
  }
  add('/chat/qrlogin/wait', { code: qrCode, secret: 'B'.repeat(43), known: 'done' }, 'known');
  return out;
}

let s: RunningServer;
let imToken: string;
let chatToken: string;
let groupID: string;

async function post(path: string, body: unknown, token: string) {
  const res = await fetch(`${s.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', operationID: randomUUID(), token },
    body:
      typeof body === 'object' && body !== null && 'raw' in body ? String(body.raw) : JSON.stringify(body),
  });
  return (await res.json()) as { errCode: number; errMsg: string; errDlt: string; data?: unknown };
}

beforeAll(async () => {
  s = await createServer({ memory: true, port: 0, logLevel: 'silent', seed: 'demo' });
  const login = await post(
    '/chat/account/login',
    { email: 'alice@example.com', password: md5Hex('Demo1234'), platform: 5 },
    '',
  );
  const alice = login.data as { userID: string; chatToken: string; imToken: string };
  chatToken = alice.chatToken;
  const t = await registerUsers(s, ['alice', 'bob']);
  imToken = t['alice'] ?? '';
  groupID = (
    await apiOk<{ groupInfo: { groupID: string } }>(
      s,
      '/group/create_group',
      {
        ownerUserID: 'alice',
        memberUserIDs: ['bob'],
        groupInfo: { groupID: '', groupName: 'g', groupType: 2 },
      },
      imToken,
    )
  ).groupInfo.groupID;
});
afterAll(async () => {
  await s.close();
});

describe('input validation', () => {
  it('refuses about a hundred malformed inputs with 1001 and a message naming the problem', async () => {
    const table = cases(groupID);
    expect(table.length).toBeGreaterThan(100);
    const accepted: string[] = [];
    for (const c of table) {
      const token = c.path.startsWith('/chat') ? chatToken : imToken;
      const r = await post(c.path, c.body, token);
      const message = `${r.errMsg} ${r.errDlt}`;
      if (r.errCode !== 1001 || !message.includes(c.field))
        accepted.push(`${c.path} ${JSON.stringify(c.body)} -> ${r.errCode} ${message}`);
    }
    expect(accepted).toEqual([]);
  }, 120_000);

  it('still accepts the well-formed versions of the same requests', async () => {
    expect((await api(s, '/user/get_users_info', { userIDs: ['alice', 'bob'] }, imToken)).errCode).toBe(0);
    expect((await api(s, '/group/get_group_member_list', { groupID, filter: 0 }, imToken)).errCode).toBe(0);
    expect(
      (
        await api(
          s,
          '/friend/get_incremental_friends',
          { userID: 'alice', versionID: '', version: 0 },
          imToken,
        )
      ).errCode,
    ).toBe(0);
    expect((await api(s, '/msg/get_server_time', {}, imToken)).errCode).toBe(0);
    const found = await post(
      '/chat/user/search/fuzzy',
      { keyword: 'bob', pagination: { pageNumber: 1, showNumber: 20 } },
      chatToken,
    );
    expect(found.errCode).toBe(0);
  });
});
