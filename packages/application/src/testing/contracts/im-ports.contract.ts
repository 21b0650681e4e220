import type { Observable, Subscription } from 'rxjs';
import { GroupMemberRole, SessionType, singleConversationID, groupConversationID } from '@teamim/domain';
import type { ContactsGateway } from '../../ports/contacts.port';
import type { ConversationsGateway } from '../../ports/conversations.port';
import type { GroupsGateway } from '../../ports/groups.port';
import type { ImSession } from '../../ports/im-session.port';
import type { MessagesGateway } from '../../ports/messages.port';
import { RemoteError } from '../../shared/remote-error';

/** The IM ports of one signed-in client. */
export interface ImPorts {
  readonly userID: string;
  readonly session: ImSession;
  readonly contacts: ContactsGateway;
  readonly groups: GroupsGateway;
  readonly conversations: ConversationsGateway;
  readonly messages: MessagesGateway;
}

/**
 * What a contract run needs from an implementation: fresh, unrelated users (no friends, no groups),
 * clients signed in as them, and a way to wait until pushed events have arrived.
 */
export interface ImContractEnvironment {
  /** Creates a user and returns its id and IM token. */
  createUser(): Promise<{ readonly userID: string; readonly token: string }>;
  /** A client that is not logged in yet. */
  newClient(): Omit<ImPorts, 'userID'>;
  /** Waits until events already sent have been delivered (a few ms on a real server, microtasks in fakes). */
  settle(): Promise<void>;
}

export interface ContractCase {
  readonly name: string;
  run(env: ImContractEnvironment): Promise<void>;
}

function check(condition: boolean, message: string): asserts condition {
  if (!condition) {
    throw new Error(`contract violated: ${message}`);
  }
}

async function rejectsWith(
  call: () => Promise<unknown>,
  predicate: (code: number) => boolean,
  what: string,
): Promise<number> {
  try {
    await call();
  } catch (cause: unknown) {
    check(cause instanceof RemoteError, `${what}: rejects with a RemoteError`);
    check(predicate(cause.code), `${what}: unexpected code ${cause.code}`);
    return cause.code;
  }
  throw new Error(`contract violated: ${what} should reject`);
}

/** Records everything a stream emits, to assert on after `settle()`. */
function record<T>(stream: Observable<T>): { readonly values: T[]; readonly subscription: Subscription } {
  const values: T[] = [];
  return { values, subscription: stream.subscribe((v) => values.push(v)) };
}

async function signIn(env: ImContractEnvironment): Promise<ImPorts> {
  const user = await env.createUser();
  const client = env.newClient();
  await client.session.login(user.userID, user.token);
  await env.settle();
  return { ...client, userID: user.userID };
}

/**
 * Behaviour every implementation of the IM ports must share, whether in-memory or over the real SDK and
 * server: error codes, event delivery to both parties, unread counting and history order. A later issue runs
 * these cases against the OpenIM adapters and the local server.
 */
export const imPortsContract: readonly ContractCase[] = [
  {
    name: 'login with a wrong token rejects; a second login rejects with 10102',
    async run(env) {
      const user = await env.createUser();
      const client = env.newClient();
      await rejectsWith(
        () => client.session.login(user.userID, `${user.token}x`),
        (c) => c !== 0,
        'wrong token',
      );
      await client.session.login(user.userID, user.token);
      await rejectsWith(
        () => client.session.login(user.userID, user.token),
        (c) => c === 10102,
        'second login',
      );
      const self = await client.session.getSelfInfo();
      check(self.userID === user.userID, 'self info belongs to the logged-in user');
    },
  },
  {
    name: 'a text message reaches the receiver, updates both conversations and counts unread for the receiver only',
    async run(env) {
      const alice = await signIn(env);
      const bob = await signIn(env);
      const received = record(bob.messages.events$);
      const unread = record(bob.conversations.events$);
      const draft = await alice.messages.create({ kind: 'text', text: 'hello' });
      const sent = await alice.messages.send(draft, { recvID: bob.userID, groupID: '' });
      await env.settle();
      check(sent.clientMsgID === draft.clientMsgID, 'the sent copy keeps the client message id');
      check(sent.status === 2, 'the sent copy has status succeeded');
      const got = received.values.flatMap((e) => (e.type === 'received' ? e.messages : []));
      check(
        got.some((m) => m.clientMsgID === draft.clientMsgID && m.textElem?.content === 'hello'),
        'bob receives it',
      );
      check(
        unread.values.some((e) => e.type === 'totalUnreadChanged' && e.count === 1),
        'bob is told his unread total is 1',
      );
      check((await alice.conversations.getTotalUnread()) === 0, 'the sender has nothing unread');
      const id = singleConversationID(alice.userID, bob.userID);
      const [bobSide] = (await bob.conversations.getConversationsPage(0, 10)).filter(
        (c) => c.conversationID === id,
      );
      check(
        bobSide?.unreadCount === 1 && bobSide.latestMsgSendTime === sent.sendTime,
        'bob sees the conversation',
      );
      await bob.conversations.markAsRead(id);
      check((await bob.conversations.getTotalUnread()) === 0, 'marking read clears the unread count');
      received.subscription.unsubscribe();
      unread.subscription.unsubscribe();
    },
  },
  {
    name: 'history returns messages oldest first, paged backwards from a start message',
    async run(env) {
      const alice = await signIn(env);
      const bob = await signIn(env);
      for (const text of ['m1', 'm2', 'm3']) {
        const draft = await alice.messages.create({ kind: 'text', text });
        await alice.messages.send(draft, { recvID: bob.userID, groupID: '' });
      }
      await env.settle();
      const id = singleConversationID(alice.userID, bob.userID);
      const last = await bob.messages.getHistory(id, '', 2);
      check(last.messages.map((m) => m.textElem?.content).join() === 'm2,m3', 'newest page, oldest first');
      const first = await bob.messages.getHistory(id, last.messages[0]?.clientMsgID ?? '', 2);
      check(first.messages.map((m) => m.textElem?.content).join() === 'm1', 'older page');
      check(first.isEnd, 'the first page is the end');
    },
  },
  {
    name: 'the sender revokes a message and both sides are notified; others may not revoke it',
    async run(env) {
      const alice = await signIn(env);
      const bob = await signIn(env);
      const events = record(bob.messages.events$);
      const draft = await alice.messages.create({ kind: 'text', text: 'oops' });
      const sent = await alice.messages.send(draft, { recvID: bob.userID, groupID: '' });
      const id = singleConversationID(alice.userID, bob.userID);
      await rejectsWith(
        () => bob.messages.revoke(id, sent.clientMsgID),
        (c) => c === 1002,
        'revoke by the peer',
      );
      await alice.messages.revoke(id, sent.clientMsgID);
      await env.settle();
      check(
        events.values.some((e) => e.type === 'revoked' && e.clientMsgID === sent.clientMsgID),
        'bob is told about the revoke',
      );
      events.subscription.unsubscribe();
    },
  },
  {
    name: 'a friend request is received and, once accepted, both sides get friendAdded',
    async run(env) {
      const alice = await signIn(env);
      const bob = await signIn(env);
      const aliceEvents = record(alice.contacts.events$);
      const bobEvents = record(bob.contacts.events$);
      await alice.contacts.addFriend(bob.userID, 'hi');
      await env.settle();
      check(
        bobEvents.values.some(
          (e) => e.type === 'friendApplicationAdded' && e.application.fromUserID === alice.userID,
        ),
        'bob receives the application',
      );
      const received = await bob.contacts.getReceivedFriendApplications();
      check(
        received.some((a) => a.fromUserID === alice.userID && a.handleResult === 0),
        'it is listed unhandled',
      );
      await bob.contacts.acceptFriendApplication(alice.userID, '');
      await env.settle();
      check(
        aliceEvents.values.some((e) => e.type === 'friendAdded' && e.friend.userID === bob.userID),
        'alice',
      );
      check(
        bobEvents.values.some((e) => e.type === 'friendAdded' && e.friend.userID === alice.userID),
        'bob',
      );
      await rejectsWith(
        () => alice.contacts.addFriend(bob.userID, ''),
        (c) => c === 1304,
        'adding a friend again',
      );
      await rejectsWith(
        () => alice.contacts.addFriend(alice.userID, ''),
        (c) => c === 1301,
        'adding yourself',
      );
      aliceEvents.subscription.unsubscribe();
      bobEvents.subscription.unsubscribe();
    },
  },
  {
    name: 'group creation adds members with roles; the owner cannot be kicked; muted members cannot send',
    async run(env) {
      const owner = await signIn(env);
      const member = await signIn(env);
      const joined = record(member.groups.events$);
      const group = await owner.groups.createGroup({
        groupName: 'contract',
        faceURL: '',
        memberUserIDs: [member.userID],
      });
      await env.settle();
      check(
        joined.values.some((e) => e.type === 'joinedGroupAdded' && e.group.groupID === group.groupID),
        'joined',
      );
      const roles = await owner.groups.getMembers(group.groupID, [owner.userID, member.userID]);
      check(
        roles.find((m) => m.userID === owner.userID)?.roleLevel === GroupMemberRole.Owner,
        'creator is owner',
      );
      check(
        roles.find((m) => m.userID === member.userID)?.roleLevel === GroupMemberRole.Normal,
        'others normal',
      );
      await rejectsWith(
        () => member.groups.kick(group.groupID, [owner.userID]),
        // OpenIM refuses kicking the owner as a bad argument, whoever asks.
        (c) => c === 1001,
        'kick of the owner',
      );
      await owner.groups.muteMember(group.groupID, member.userID, 60);
      const draft = await member.messages.create({ kind: 'text', text: 'muted' });
      await rejectsWith(
        () => member.messages.send(draft, { recvID: '', groupID: group.groupID }),
        (c) => c === 1402,
        'send while muted',
      );
      const conversation = await owner.conversations.getOneConversation(group.groupID, SessionType.Group);
      check(
        conversation.conversationID === groupConversationID(group.groupID),
        'group conversation id is sg_<id>',
      );
      joined.subscription.unsubscribe();
    },
  },
  {
    name: 'a user who left a group cannot send to it (1203); the blocked cannot send (1302)',
    async run(env) {
      const owner = await signIn(env);
      const member = await signIn(env);
      const group = await owner.groups.createGroup({
        groupName: 'leave',
        faceURL: '',
        memberUserIDs: [member.userID],
      });
      await member.groups.quit(group.groupID);
      const draft = await member.messages.create({ kind: 'text', text: 'still here?' });
      await rejectsWith(
        () => member.messages.send(draft, { recvID: '', groupID: group.groupID }),
        (c) => c === 1203,
        'send after quitting',
      );
      await owner.contacts.addToBlacklist(member.userID);
      const direct = await member.messages.create({ kind: 'text', text: 'hi' });
      await rejectsWith(
        () => member.messages.send(direct, { recvID: owner.userID, groupID: '' }),
        (c) => c === 1302,
        'send to someone who blocked you',
      );
    },
  },
  // Groups: administrators, announcement and join settings
  {
    name: 'the owner sets an administrator who may then mute; announcement and join settings reach members',
    async run(env) {
      const owner = await signIn(env);
      const admin = await signIn(env);
      const member = await signIn(env);
      const group = await owner.groups.createGroup({
        groupName: 'roles',
        faceURL: '',
        memberUserIDs: [admin.userID, member.userID],
      });
      await env.settle();
      await rejectsWith(
        () => admin.groups.muteMember(group.groupID, member.userID, 60),
        (c) => c === 1002,
        'mute by a normal member',
      );
      await rejectsWith(
        () => admin.groups.setMemberRole(group.groupID, member.userID, GroupMemberRole.Admin),
        (c) => c === 1002,
        'set admin by a normal member',
      );
      await owner.groups.setMemberRole(group.groupID, admin.userID, GroupMemberRole.Admin);
      await admin.groups.muteMember(group.groupID, member.userID, 60);
      const infos = record(member.groups.events$);
      await admin.groups.setGroupInfo(group.groupID, {
        notification: 'hello',
        needVerification: 1,
        lookMemberInfo: 1,
        applyMemberFriend: 1,
      });
      await env.settle();
      const [seen] = await member.groups.getGroups([group.groupID]);
      check(seen?.notification === 'hello', 'announcement stored');
      check(seen.needVerification === 1 && seen.lookMemberInfo === 1, 'join settings stored');
      check(
        infos.values.some((e) => e.type === 'groupInfoChanged' && e.group.notification === 'hello'),
        'members are told',
      );
      infos.subscription.unsubscribe();
    },
  },
];
