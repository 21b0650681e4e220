import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, createServer } from '../app';
import { registerUsers, textMsg } from '../testing/client';
import { getOwnerConversations, getSortedConversationList } from './conversations';
import { getGroupMemberList, getJoinedGroupList } from './group-queries';
import { createGroup } from './groups';
import { type Operator, sendMessage } from './messages';
import { lastMessages, pullByRange } from './pull';
import { getFriendList, importFriends } from './relations';

/**
 * better-sqlite3 builds a statement's row constructor with `Function` when the statement is prepared, and
 * again whenever SQLite re-prepared it. Counting those calls tells whether a cached statement was
 * prepared again while it ran (statements.ts explains when SQLite does).
 */
function rowConstructorsBuilt(run: () => void): number {
  const original = globalThis.Function;
  let built = 0;
  globalThis.Function = new Proxy(original, {
    apply(target, self, args: string[]) {
      built += 1;
      return Reflect.apply(target, self, args);
    },
  });
  try {
    run();
  } finally {
    globalThis.Function = original;
  }
  return built;
}

let s: RunningServer;
const users = ['alice', 'bob', 'carol', 'dave'];
const op = (userID: string): Operator => ({ userID, platformID: 5, isAdmin: false });
const groupIDs = ['g1', 'g2'];

beforeAll(async () => {
  s = await createServer({ memory: true, port: 0, logLevel: 'silent' });
  await registerUsers(s, users);
  importFriends(s.core, 'alice', ['bob', 'carol', 'dave']);
  for (const groupID of groupIDs)
    createGroup(s.core, op('alice'), {
      ownerUserID: 'alice',
      memberUserIDs: ['bob', 'carol'],
      adminUserIDs: ['dave'],
      groupInfo: {
        groupID,
        groupName: groupID,
        notification: '',
        introduction: '',
        faceURL: '',
        ex: '',
        groupType: 2,
        needVerification: 0,
        lookMemberInfo: 0,
        applyMemberFriend: 0,
      },
    });
  for (const [i, to] of ['bob', 'carol', 'dave', 'bob'].entries())
    sendMessage(s.core, op('alice'), textMsg('alice', to, `hello ${i}`, `c${i}`));
});
afterAll(async () => {
  await s.close();
});

describe('the reads of a first sync', () => {
  const conversations = ['si_alice_bob', 'si_alice_carol', 'si_alice_dave'];

  it('reuse their prepared statements for other conversations, groups and pages', () => {
    const reads: Record<string, (i: number) => unknown> = {
      'pull by range': (i) =>
        pullByRange(
          s.core,
          'alice',
          [{ conversationID: conversations[i % 3] ?? '', begin: 1, end: 9, num: 9 }],
          0,
        ),
      'last messages': (i) => lastMessages(s.core, 'alice', [conversations[i % 3] ?? '']),
      'sorted conversations': (i) =>
        getSortedConversationList(s.core, op(users[i % 2] ?? ''), {
          userID: users[i % 2] ?? '',
          conversationIDs: [],
          pagination: { pageNumber: 1, showNumber: 20 },
        }),
      'conversation pages': (i) =>
        getOwnerConversations(s.core, op(users[i % 2] ?? ''), users[i % 2] ?? '', {
          pageNumber: 1,
          showNumber: 2,
        }),
      'friend pages': (i) =>
        getFriendList(s.core, op(users[i % 2] ?? ''), users[i % 2] ?? '', { pageNumber: 1, showNumber: 2 }),
      'member pages': (i) =>
        getGroupMemberList(s.core, op('alice'), {
          groupID: groupIDs[i % 2] ?? '',
          pagination: { pageNumber: 1, showNumber: 2 },
          filter: 0,
          keyword: '',
        }),
      'joined groups': (i) =>
        getJoinedGroupList(s.core, op(users[i % 2] ?? ''), users[i % 2] ?? '', {
          pageNumber: 1,
          showNumber: 10,
        }),
    };
    const rebuilt: Record<string, number> = {};
    for (const [name, read] of Object.entries(reads)) {
      // The first runs prepare each statement (and build its row constructor) once.
      read(0);
      read(1);
      rebuilt[name] = rowConstructorsBuilt(() => {
        for (let i = 0; i < 10; i++) read(i);
      });
    }
    expect(rebuilt).toEqual(Object.fromEntries(Object.keys(reads).map((name) => [name, 0])));
  });

  it('still answer rows in their order: a pull oldest first, member pages owner and admins first', () => {
    sendMessage(s.core, op('bob'), textMsg('bob', 'alice', 'back', 'b1'));
    const pulled = pullByRange(
      s.core,
      'alice',
      [{ conversationID: 'si_alice_bob', begin: 1, end: 9, num: 9 }],
      0,
    );
    expect(pulled.msgs.get('si_alice_bob')?.msgs.map((m) => m.seq)).toEqual([1, 2, 3]);
    const page = getGroupMemberList(s.core, op('alice'), {
      groupID: 'g1',
      pagination: { pageNumber: 1, showNumber: 10 },
      filter: 0,
      keyword: '',
    });
    expect(page.members.map((m) => m.userID)).toEqual(['alice', 'dave', 'bob', 'carol']);
  });
});
