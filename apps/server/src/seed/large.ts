import { type CoreContext, Effects, newServerMsgID, randomHex, singleConversationID } from '../im/context';
import { WORKING_GROUP } from '../im/group-models';
import { createGroup } from '../im/groups';
import { inviteUsers } from '../im/group-membership';
import { storeMessage, utf8 } from '../im/message-rows';
import { ensureSingleConversation, storeAndPushGroup } from '../im/messages';
import { getUser } from '../im/models';
import { Collection, EntryState, bump } from '../im/versions';
import { ContentType, type ImMsg, MsgFrom, MsgStatus, SessionType } from '../im/types';
import { md5Hex } from '../chat/crypto';
import type { ImFacade } from '../chat/im-facade';
import type { ChatDeps } from '../chat/context';
import type { ChatServices } from '../chat/plugin';
import { createChatServices } from '../chat/plugin';
import { DEMO_BALANCE_CENTS, DEMO_PASSWORD } from './demo';

export const LARGE_ACCOUNT = {
  userID: '2000000000',
  nickname: 'load',
  email: 'load@example.com',
} as const;

export interface SeedLargeOptions {
  /** Friends of the benchmark account (IM users). Default 2,000. */
  friends?: number;
  /** Groups the benchmark account belongs to; they count towards `conversations`. Default 100. */
  groups?: number;
  /** Conversations with history, one-to-one plus groups. Default 1,000. */
  conversations?: number;
  /** Extra older messages of the second one-to-one conversation (a long history). Default 10,000. */
  longHistory?: number;
  /** Members of the first group (a large group; the others have 20 to 60). Default 2,000. */
  largeGroupMembers?: number;
}

export interface SeedLargeResult {
  userID: string;
  created: boolean;
  friends: number;
  groups: number;
  singleConversations: number;
  messages: number;
  durationMs: number;
}

/**
 * What the large seed needs of the IM core beyond the chat module's facade: batched writes in the
 * caller's transaction, with message times in the past. app.ts wires it to src/im; keeping it an
 * interface keeps the chat module free of the core's internals.
 */
export interface LargeSeedIm {
  /** Runs `fn` in one transaction (pushes, if any, after commit). */
  transaction<T>(fn: () => T): T;
  /** Registers IM users only (no chat account: nobody signs in as them). */
  registerUsers(users: readonly { userID: string; nickname: string }[]): void;
  /** Makes `owner` friends with every one of `friendIDs`, both ways. */
  importFriends(owner: string, friendIDs: readonly string[]): void;
  /** Stores a text as if `sendID` sent it at `sendTime` (ms), one-to-one or into a group. */
  storeText(msg: { sendID: string; recvID?: string; groupID?: string; text: string; sendTime: number }): void;
  /** Creates a group. Returns the groupID. */
  createGroup(req: {
    ownerUserID: string;
    groupName: string;
    adminUserIDs: string[];
    memberUserIDs: string[];
  }): string;
  /** Adds members to a group (more than one create call may hold). */
  inviteToGroup(req: { groupID: string; inviterUserID: string; userIDs: readonly string[] }): void;
}

const FIRST = ['Ada', 'Ben', 'Chen', 'Dana', 'Eli', 'Fay', 'Gus', 'Hana', 'Ivo', 'June', 'Kai', 'Lena', 'Mo'];
const LAST = ['Li', 'Wang', 'Zhang', 'Liu', 'Smith', 'Garcia', 'Novak', 'Sato', 'Kim', 'Okafor', 'Rossi'];
const PHRASES = [
  'Did you see the latest build?',
  'Yes, looks good to me.',
  'Can we move the meeting to 3pm?',
  'Sure, I will update the invite.',
  'The numbers for last week are in the sheet.',
  'Thanks, I will take a look tonight.',
  'Lunch tomorrow?',
  'Sounds great 👍',
  'Please review my pull request when you have a minute.',
  'Done, left two small comments.',
  'Shipping it now.',
  'Nice work, everyone!',
];

/** The second one-to-one conversation has the long history (friend 2, "Ben Li 0002"). */
const LONG_HISTORY_SLOT = 1;
const LARGE_GROUP_NAME = 'All hands';
/** The most members one create or invite call takes (src/im/groups.ts). */
const CREATE_BATCH = 999;

const friendID = (i: number): string => String(2_000_000_001 + i);
const friendName = (i: number): string =>
  `${FIRST[i % FIRST.length] ?? ''} ${LAST[Math.floor(i / FIRST.length) % LAST.length] ?? ''} ${String(i + 1).padStart(4, '0')}`;

/**
 * `--seed large`: the benchmark account load@example.com (password Demo1234) with 2,000 friends,
 * 100 groups and 1,000 conversations with history (900 one-to-one and the 100 groups), written in one
 * transaction. Conversation k's last message is k × 30 minutes old, so the list has a stable order;
 * every seventh one-to-one conversation ends with two unread messages from the friend.
 * Idempotent: a second run finds the account and does nothing.
 */
export async function seedLarge(
  deps: ChatDeps,
  im: LargeSeedIm,
  options: SeedLargeOptions = {},
  services: ChatServices = createChatServices(deps),
): Promise<SeedLargeResult> {
  const started = performance.now();
  const friends = options.friends ?? 2_000;
  const conversations = options.conversations ?? 1_000;
  const longHistory = options.longHistory ?? 10_000;
  const largeGroup = options.largeGroupMembers ?? 2_000;
  const groupsWanted = Math.min(options.groups ?? 100, conversations);
  const result: SeedLargeResult = {
    userID: LARGE_ACCOUNT.userID,
    created: false,
    friends: 0,
    groups: 0,
    singleConversations: 0,
    messages: 0,
    durationMs: 0,
  };
  if (services.accounts.getAccount(LARGE_ACCOUNT.userID)) {
    result.durationMs = performance.now() - started;
    return result;
  }
  const singles = Math.min(conversations - groupsWanted, friends);
  if (friends < 2 && groupsWanted > 0) throw new Error('groups need at least two friends');

  // The one real account (scrypt hash, its own transaction); the friends are IM users only.
  await services.accounts.createAccountDirect({
    userID: LARGE_ACCOUNT.userID,
    nickname: LARGE_ACCOUNT.nickname,
    passwordMd5: md5Hex(DEMO_PASSWORD),
    email: LARGE_ACCOUNT.email,
  });
  services.wallet.credit(LARGE_ACCOUNT.userID, DEMO_BALANCE_CENTS, 3, 'benchmark top-up');

  const me = LARGE_ACCOUNT.userID;
  const clock = deps.clock ?? { now: () => Date.now() };
  const newest = clock.now() - 60_000;
  const slot = 30 * 60_000;
  const friendIDs = Array.from({ length: friends }, (_, i) => friendID(i));
  // Conversation k in 0..conversations-1: every tenth (from the fifth) is a group while groups last.
  const isGroupSlot = (k: number, groupsSoFar: number) => groupsSoFar < groupsWanted && k % 10 === 4;

  im.transaction(() => {
    im.registerUsers(friendIDs.map((userID, i) => ({ userID, nickname: friendName(i) })));
    im.importFriends(me, friendIDs);
    result.friends = friends;
    let single = 0;
    for (let k = 0, groups = 0; k < conversations; k++) {
      const lastAt = newest - k * slot;
      if (isGroupSlot(k, groups)) {
        // 20 to 60 members; the account owns the even groups and is admin of the odd ones. The first
        // group is the large one (the account and largeGroupMembers - 1 friends).
        const size = Math.min(groups === 0 ? largeGroup - 1 : 20 + (groups % 5) * 10, friends);
        const members = Array.from({ length: size }, (_, j) => friendIDs[(groups * 17 + j) % friends] ?? '');
        const owner = groups % 2 === 0 ? me : (members[0] ?? '');
        const others = members.filter((m) => m !== owner);
        const invited = owner === me ? others : others.filter((m) => m !== me);
        const groupID = im.createGroup({
          ownerUserID: owner,
          groupName:
            groups === 0 && size > 60 ? LARGE_GROUP_NAME : `Team ${String(groups + 1).padStart(3, '0')}`,
          adminUserIDs: owner === me ? [] : [me],
          memberUserIDs: invited.slice(0, CREATE_BATCH),
        });
        for (let from = CREATE_BATCH; from < invited.length; from += CREATE_BATCH)
          im.inviteToGroup({
            groupID,
            inviterUserID: owner,
            userIDs: invited.slice(from, from + CREATE_BATCH),
          });
        const count = 3 + (groups % 4);
        for (let m = 0; m < count; m++) {
          const sendID = m % 2 === 0 ? (others[m % others.length] ?? owner) : me;
          const text = PHRASES[(groups + m) % PHRASES.length] ?? '';
          im.storeText({ sendID, groupID, text, sendTime: lastAt - (count - 1 - m) * 90_000 });
        }
        result.messages += count;
        groups++;
        result.groups = groups;
        continue;
      }
      if (single >= singles) continue;
      const peer = friendIDs[single] ?? '';
      const count = 4 + (single % 9);
      if (single === LONG_HISTORY_SLOT) {
        // Older than the conversation's regular messages, a minute apart.
        for (let m = 0; m < longHistory; m++) {
          const fromFriend = m % 3 !== 0;
          im.storeText({
            sendID: fromFriend ? peer : me,
            recvID: fromFriend ? me : peer,
            text: `#${m + 1} ${PHRASES[m % PHRASES.length] ?? ''}`,
            sendTime: lastAt - (count + longHistory - m) * 60_000,
          });
        }
        result.messages += longHistory;
      }
      // Alternating with the account's reply last (read); every seventh ends with two unread from the friend.
      const unread = single % 7 === 0 ? 2 : 0;
      for (let m = 0; m < count; m++) {
        const fromEnd = count - 1 - m;
        const fromFriend = fromEnd < unread || (fromEnd - unread) % 2 === 1;
        const text = PHRASES[(single + m) % PHRASES.length] ?? '';
        im.storeText({
          sendID: fromFriend ? peer : me,
          recvID: fromFriend ? me : peer,
          text,
          sendTime: lastAt - (count - 1 - m) * 90_000,
        });
      }
      result.messages += count;
      single++;
    }
    result.singleConversations = single;
  });
  result.created = true;
  result.durationMs = performance.now() - started;
  return result;
}

/**
 * The large seed's view of the real IM core: the core's own storage functions (storeMessage,
 * ensureSingleConversation, version-log bump) with batched rows and one version per owner, so the
 * data set takes a second instead of minutes. Seeding runs before the listener opens: nobody is
 * connected, so no pushes are sent.
 */
export function createLargeSeedIm(core: CoreContext, facade: ImFacade): LargeSeedIm {
  const db = core.db;
  const nicknames = new Map<string, string>();
  const nickname = (userID: string): string => {
    let n = nicknames.get(userID);
    if (n === undefined) {
      n = getUser(db, userID)?.nickname ?? '';
      nicknames.set(userID, n);
    }
    return n;
  };
  const ensured = new Set<string>();
  const markRead = db.prepare(
    'UPDATE conversations SET has_read_seq = MAX(has_read_seq, ?) WHERE owner_user_id = ? AND conversation_id = ?',
  );
  return {
    transaction: (fn) => db.transaction(fn)(),
    registerUsers(users) {
      for (const u of users) facade.registerUser({ userID: u.userID, nickname: u.nickname, faceURL: '' });
    },
    importFriends(owner, friendIDs) {
      const ids = [...new Set(friendIDs)];
      for (const f of [owner, ...ids]) if (!getUser(db, f)) throw new Error(`user ${f} not found`);
      if (ids.includes(owner)) throw new Error('cannot befriend oneself');
      const nextOrd = db.prepare<[string], { o: number }>(
        'SELECT COALESCE(MAX(ord), 0) + 1 AS o FROM friends WHERE owner_user_id = ?',
      );
      const ins = db.prepare(
        `INSERT OR IGNORE INTO friends (owner_user_id, friend_user_id, create_time, add_source, operator_user_id, ord)
         VALUES (?, ?, ?, 1, ?, ?)`,
      );
      const now = core.now();
      let ord = nextOrd.get(owner)?.o ?? 1;
      const added: string[] = [];
      for (const f of ids) {
        if (ins.run(owner, f, now, owner, ord).changes > 0) {
          added.push(f);
          ord++;
        }
        if (ins.run(f, owner, now, owner, nextOrd.get(f)?.o ?? 1).changes > 0)
          bump(db, Collection.Friends, f, [{ eId: owner, state: EntryState.Insert }]);
      }
      if (added.length > 0)
        bump(
          db,
          Collection.Friends,
          owner,
          added.map((eId) => ({ eId, state: EntryState.Insert })),
        );
    },
    inviteToGroup(req) {
      const op = { userID: req.inviterUserID, platformID: 0, isAdmin: true };
      inviteUsers(core, op, { groupID: req.groupID, invitedUserIDs: req.userIDs, reason: '' });
    },
    createGroup(req) {
      const op = { userID: req.ownerUserID, platformID: 0, isAdmin: true };
      return createGroup(core, op, {
        ownerUserID: req.ownerUserID,
        memberUserIDs: req.memberUserIDs,
        adminUserIDs: req.adminUserIDs,
        groupInfo: {
          groupID: '',
          groupName: req.groupName,
          notification: '',
          introduction: '',
          faceURL: '',
          ex: '',
          groupType: WORKING_GROUP,
          needVerification: 0,
          lookMemberInfo: 0,
          applyMemberFriend: 0,
        },
      }).groupInfo.groupID;
    },
    storeText(m) {
      const recvID = m.recvID ?? '';
      if (m.groupID) {
        // The core's group path (member records, seq, read mark); nobody is connected, so the pushes go nowhere.
        storeAndPushGroup(core, new Effects(), textMsg(m, recvID, nickname(m.sendID)));
        return;
      }
      const conversationID = singleConversationID(m.sendID, recvID);
      if (!ensured.has(conversationID)) {
        ensured.add(conversationID);
        ensureSingleConversation(core, m.sendID, recvID);
        ensureSingleConversation(core, recvID, m.sendID);
      }
      const msg = textMsg(m, recvID, nickname(m.sendID));
      const seq = storeMessage(db, conversationID, msg, m.sendTime);
      // As a client send does: the sender has read its own message.
      markRead.run(seq, m.sendID, conversationID);
    },
  };
}

function textMsg(
  m: { sendID: string; groupID?: string; text: string; sendTime: number },
  recvID: string,
  nickname: string,
): ImMsg {
  return {
    sendID: m.sendID,
    recvID,
    groupID: m.groupID ?? '',
    clientMsgID: randomHex(16),
    serverMsgID: newServerMsgID(m.sendID, m.sendTime),
    senderPlatformID: 5,
    senderNickname: nickname,
    senderFaceURL: '',
    sessionType: m.groupID ? SessionType.Group : SessionType.Single,
    msgFrom: MsgFrom.User,
    contentType: ContentType.Text,
    content: utf8(JSON.stringify({ content: m.text })),
    seq: 0,
    sendTime: m.sendTime,
    createTime: m.sendTime,
    status: MsgStatus.Success,
    isRead: false,
    options: {},
    offlinePushInfo: null,
    atUserIDList: [],
    attachedInfo: '',
    ex: '',
  };
}
