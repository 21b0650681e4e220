import {
  AT_ALL_TAG,
  GroupAtType,
  groupConversationID,
  singleConversationID,
  MessageStatus,
  ContentType,
  RecvMsgOpt,
  SessionType,
  type Conversation,
  type Group,
  type GroupApplication,
  type GroupMember,
  type Message,
} from '@teamim/domain';
import { RemoteError } from '../shared/remote-error';
import type { FakeClock } from './fake-clock';
import { FakeRtcServer, FakeWalletServer } from './fake-servers';
import { FakeAccountServer } from './fake-account-server';
import { FakeBackendUsers } from './fake-backend-users';
import { ImErrorCode } from './fake-im-errors';

interface ConversationRecord {
  conversationID: string;
  conversationType: Conversation['conversationType'];
  userID: string;
  groupID: string;
  isPinned: boolean;
  recvMsgOpt: Conversation['recvMsgOpt'];
  unreadCount: number;
  latestMsg: Message | undefined;
  latestMsgSendTime: number;
  draftText?: string;
  draftTextTime: number;
  // The unread-mention mark (SDK groupAtType).
  groupAtType?: GroupAtType;
}

interface GroupRecord {
  group: Group;
  members: Map<string, GroupMember>;
}

/**
 * A small in-memory IM + chat + wallet backend shared by several fake sessions.
 * It keeps OpenIM's observable behaviour: error codes, event order (the sender's
 * own devices see their messages too), unread counting and per-user conversations.
 * Events are delivered asynchronously (after a microtask), like the SDK.
 */
export class FakeBackend extends FakeBackendUsers {
  readonly groups = new Map<string, GroupRecord>();
  readonly groupApplications: GroupApplication[] = [];
  /** conversationID → messages in send order */
  readonly messages = new Map<string, Message[]>();
  /** userID → conversationID → record */
  readonly conversations = new Map<string, Map<string, ConversationRecord>>();
  /** userID → conversationID → deleted clientMsgIDs (deletion is per user) */
  readonly deletedMessages = new Map<string, Set<string>>();
  /** When true, single-chat sends need friendship (OpenIM `friendVerify`); off by default as in OpenIM. */
  friendVerify = false;
  readonly rtc = new FakeRtcServer();
  readonly wallet: FakeWalletServer;
  /** Accounts of the chat server: identifiers, passwords, verification codes. */
  readonly accounts: FakeAccountServer;
  private seq = 0;

  constructor(readonly clock: FakeClock) {
    super();
    this.wallet = new FakeWalletServer(clock);
    this.accounts = new FakeAccountServer(this);
  }

  nextID(prefix: string): string {
    this.seq += 1;
    return `${prefix}${String(this.seq).padStart(6, '0')}`;
  }

  // ---- groups ----------------------------------------------------------------

  groupRecord(groupID: string): GroupRecord {
    const record = this.groups.get(groupID);
    if (record === undefined) {
      throw new RemoteError(ImErrorCode.GroupNotFound, `group ${groupID} not found`);
    }
    return record;
  }

  member(groupID: string, userID: string): GroupMember {
    const member = this.groupRecord(groupID).members.get(userID);
    if (member === undefined) {
      throw new RemoteError(ImErrorCode.NotInGroup, `user ${userID} is not in group ${groupID}`);
    }
    return member;
  }

  /** Refreshes memberCount and informs every member that the group info changed. */
  touchGroup(groupID: string): void {
    const record = this.groupRecord(groupID);
    record.group = { ...record.group, memberCount: record.members.size };
    const group = record.group;
    for (const userID of record.members.keys()) {
      this.push(userID, (s) => s.groups.next({ type: 'groupInfoChanged', group }));
      // The conversation's show name and face come from the group, so OpenIM re-announces it.
      const conversation = this.conversationsOf(userID).get(groupConversationID(groupID));
      if (conversation !== undefined) {
        this.emitConversationChanged(userID, conversation, false);
      }
    }
  }

  addMember(groupID: string, userID: string, role: GroupMember['roleLevel']): void {
    const record = this.groupRecord(groupID);
    const info = this.user(userID).info;
    const member: GroupMember = {
      userID,
      groupID,
      nickname: info.nickname,
      faceURL: info.faceURL,
      roleLevel: role,
      muteEndTime: 0,
      joinTime: this.clock.now(),
    };
    record.members.set(userID, member);
    // As the SDK, the newcomer hears only joinedGroupAdded (it loads the members by a full sync, which
    // reports nothing per member); the others hear memberAdded (contract case "reinvite").
    for (const other of record.members.keys()) {
      if (other !== userID) this.push(other, (s) => s.groups.next({ type: 'memberAdded', member }));
    }
    this.push(userID, (s) => s.groups.next({ type: 'joinedGroupAdded', group: record.group }));
  }

  removeMember(groupID: string, userID: string): void {
    const record = this.groupRecord(groupID);
    const member = this.member(groupID, userID);
    const audience = [...record.members.keys()];
    record.members.delete(userID);
    for (const other of audience) {
      this.push(other, (s) => s.groups.next({ type: 'memberDeleted', member }));
    }
    this.push(userID, (s) => s.groups.next({ type: 'joinedGroupDeleted', group: record.group }));
  }

  updateMember(groupID: string, userID: string, change: Partial<GroupMember>): void {
    const record = this.groupRecord(groupID);
    const member = { ...this.member(groupID, userID), ...change };
    record.members.set(userID, member);
    for (const other of record.members.keys()) {
      this.push(other, (s) => s.groups.next({ type: 'memberInfoChanged', member }));
    }
  }

  // ---- conversations ---------------------------------------------------------

  conversationsOf(userID: string): Map<string, ConversationRecord> {
    let map = this.conversations.get(userID);
    if (map === undefined) {
      map = new Map();
      this.conversations.set(userID, map);
    }
    return map;
  }

  /** Finds or creates the user's record for a conversation. */
  conversationRecord(
    ownerID: string,
    sourceID: string,
    sessionType: Conversation['conversationType'],
  ): ConversationRecord {
    const isGroup = sessionType === SessionType.Group;
    const conversationID = isGroup ? groupConversationID(sourceID) : singleConversationID(ownerID, sourceID);
    const map = this.conversationsOf(ownerID);
    let record = map.get(conversationID);
    if (record === undefined) {
      record = {
        conversationID,
        conversationType: sessionType,
        userID: isGroup ? '' : sourceID,
        groupID: isGroup ? sourceID : '',
        isPinned: false,
        recvMsgOpt: RecvMsgOpt.Normal,
        unreadCount: 0,
        latestMsg: undefined,
        latestMsgSendTime: 0,
        draftTextTime: 0,
      };
      map.set(conversationID, record);
    }
    return record;
  }

  conversationView(ownerID: string, record: ConversationRecord): Conversation {
    let showName = '';
    let faceURL = '';
    if (record.groupID !== '') {
      const group = this.groups.get(record.groupID)?.group;
      showName = group?.groupName ?? record.groupID;
      faceURL = group?.faceURL ?? '';
    } else {
      const peer = this.users.get(record.userID)?.info;
      const remark = this.friendsOf(ownerID).get(record.userID);
      showName = remark !== undefined && remark !== '' ? remark : (peer?.nickname ?? record.userID);
      faceURL = peer?.faceURL ?? '';
    }
    return {
      conversationID: record.conversationID,
      conversationType: record.conversationType,
      userID: record.userID,
      groupID: record.groupID,
      showName,
      faceURL,
      unreadCount: record.unreadCount,
      latestMsg: record.latestMsg === undefined ? '' : JSON.stringify(record.latestMsg),
      latestMsgSendTime: record.latestMsgSendTime,
      ...(record.draftText ? { draftText: record.draftText } : {}),
      draftTextTime: record.draftTextTime,
      isPinned: record.isPinned,
      recvMsgOpt: record.recvMsgOpt,
      ...(record.groupAtType === undefined ? {} : { groupAtType: record.groupAtType }),
    };
  }

  /** As the SDK counts it: conversations set to "receive without notifying" are left out. */
  totalUnread(userID: string): number {
    let total = 0;
    for (const record of this.conversationsOf(userID).values()) {
      if (record.recvMsgOpt !== RecvMsgOpt.NotNotify) {
        total += record.unreadCount;
      }
    }
    return total;
  }

  /**
   * A conversation event, followed by the total unread count unless `withTotal` is false (the SDK
   * reports no new total after a receive-option change).
   */
  emitConversationChanged(
    ownerID: string,
    record: ConversationRecord,
    isNew: boolean,
    withTotal = true,
  ): void {
    const view = this.conversationView(ownerID, record);
    const total = this.totalUnread(ownerID);
    this.push(ownerID, (s) => {
      s.conversations.next({
        type: isNew ? 'newConversation' : 'conversationChanged',
        conversations: [view],
      });
      if (withTotal) s.conversations.next({ type: 'totalUnreadChanged', count: total });
    });
  }

  // ---- messages --------------------------------------------------------------

  /**
   * Stores a message and delivers it to every party; used by sends and system notifications. A stored
   * message gets the conversation's next seq, as on the server; the stored copy is returned.
   */
  deliver(incoming: Message, options: { readonly onlineOnly: boolean }): Message {
    let message = incoming;
    const isGroup = message.sessionType === SessionType.Group;
    const audience = isGroup
      ? [...this.groupRecord(message.groupID).members.keys()]
      : [...new Set([message.sendID, message.recvID])];
    const storable = !options.onlineOnly && message.contentType !== ContentType.Typing;
    if (storable) {
      const conversationID = isGroup
        ? groupConversationID(message.groupID)
        : singleConversationID(message.sendID, message.recvID);
      const list = this.messages.get(conversationID) ?? [];
      message = { ...message, seq: list.length + 1 };
      list.push(message);
      this.messages.set(conversationID, list);
      for (const userID of audience) {
        const source = isGroup
          ? message.groupID
          : userID === message.sendID
            ? message.recvID
            : message.sendID;
        const map = this.conversationsOf(userID);
        const isNew = !map.has(conversationID);
        const record = this.conversationRecord(userID, source, message.sessionType);
        record.latestMsg = message;
        record.latestMsgSendTime = message.sendTime;
        if (userID !== message.sendID && message.contentType < 1000) {
          record.unreadCount += 1;
        }
        // As the server records mentions on the mentioned members' conversations.
        if (isGroup && userID !== message.sendID) applyMention(record, message, userID);
        this.emitConversationChanged(userID, record, isNew);
      }
    }
    for (const userID of audience) {
      // Typing goes to the peer only (the server sends it without sender sync).
      if (message.contentType === ContentType.Typing && userID === message.sendID) continue;
      this.push(userID, (s) => s.messages.next({ type: 'received', messages: [message] }));
    }
    return message;
  }

  /** Sends a group notification message (content types 1501+), as the server does after group changes. */
  notifyGroup(
    groupID: string,
    operatorID: string,
    contentType: number,
    detail: Record<string, unknown>,
  ): void {
    const now = this.clock.now();
    const operator = this.user(operatorID).info;
    this.deliver(
      {
        clientMsgID: this.nextID('n'),
        serverMsgID: this.nextID('srv'),
        sendID: operatorID,
        recvID: '',
        groupID,
        sessionType: SessionType.Group,
        contentType,
        createTime: now,
        sendTime: now,
        senderNickname: operator.nickname,
        senderFaceUrl: operator.faceURL,
        status: MessageStatus.Succeeded,
        isRead: false,
        notificationElem: { detail: JSON.stringify(detail) },
        localEx: '',
      },
      { onlineOnly: false },
    );
  }

  isMuted(member: GroupMember): boolean {
    return member.muteEndTime > this.clock.now();
  }
}

// The server's groupAtType rule: @me, @all, and both add up to "@all and @me" while unread.
function applyMention(record: ConversationRecord, message: Message, userID: string): void {
  const list = message.contentType === ContentType.AtText ? (message.atTextElem?.atUserList ?? []) : [];
  const named = list.includes(userID);
  const atAll = list.includes(AT_ALL_TAG);
  if (!named && !atAll) return;
  const incoming = atAll ? (named ? GroupAtType.AtAllAtMe : GroupAtType.AtAll) : GroupAtType.AtMe;
  const old = record.groupAtType ?? GroupAtType.AtNormal;
  const mentionTypes: readonly number[] = [GroupAtType.AtMe, GroupAtType.AtAll, GroupAtType.AtAllAtMe];
  record.groupAtType = mentionTypes.includes(old) && old !== incoming ? GroupAtType.AtAllAtMe : incoming;
}
