import { filter, mergeMap, Observable, Subject } from 'rxjs';
import { CallSignalling, type ReceivedCallSignal } from '../ports/call-signalling.port';
import { ContactsGateway, type ContactEvent, type PublicUser } from '../ports/contacts.port';
import { ConversationsGateway, type ConversationEvent } from '../ports/conversations.port';
import {
  GroupsGateway,
  type CreateGroupInput,
  type GroupEvent,
  type GroupInfoChanges,
} from '../ports/groups.port';
import { ImSession, type SessionEvent } from '../ports/im-session.port';
import {
  MessagesGateway,
  type HistoryPage,
  type MessageDraft,
  type MessageEvent,
  type SendTarget,
} from '../ports/messages.port';
import {
  BusinessAllowType,
  groupConversationID,
  buildCallSignalData,
  parseCustomData,
  singleConversationID,
  type CallSignalType,
  type PictureInfo,
  GroupMemberRole,
  GroupStatus,
  ApplicationHandleResult,
  MessageStatus,
  ContentType,
  GroupAtType,
  SessionType,
  type BlacklistEntry,
  type CallInvitation,
  type Conversation,
  type Friend,
  type FriendApplication,
  type Group,
  type GroupApplication,
  type GroupMember,
  type Message,
  type RecvMsgOpt,
  type SelfInfo,
} from '@teamim/domain';
import { MISSING_ROUTE_CODE, RemoteError } from '../shared/remote-error';
import { ImErrorCode, type DeviceSink, type FakeBackend } from './fake-backend';

/**
 * One signed-in client (a browser tab or desktop window) on the {@link FakeBackend}.
 * Each port is a separate object because their `events$` types differ.
 */
export class FakeImDevice {
  readonly sink: DeviceSink;
  userID: string | undefined;
  readonly session: FakeImSession;
  readonly contacts: FakeContactsGateway;
  readonly groups: FakeGroupsGateway;
  readonly conversations: FakeConversationsGateway;
  readonly messages: FakeMessagesGateway;
  readonly signalling: FakeCallSignalling;

  /** `platformID` is the OpenIM platform (5 web, 3 Windows…); the multi-login policy compares it. */
  constructor(
    readonly backend: FakeBackend,
    platformID = 5,
  ) {
    this.sink = {
      userID: '',
      platformID,
      token: '',
      // Like the SDK after OnKickedOffline / OnUserTokenExpired: logged out, a new login is accepted.
      onForcedLogout: () => {
        this.userID = undefined;
      },
      session: new Subject<SessionEvent>(),
      contacts: new Subject<ContactEvent>(),
      groups: new Subject<GroupEvent>(),
      conversations: new Subject<ConversationEvent>(),
      messages: new Subject<MessageEvent>(),
    };
    this.session = new FakeImSession(this);
    this.contacts = new FakeContactsGateway(this);
    this.groups = new FakeGroupsGateway(this);
    this.conversations = new FakeConversationsGateway(this);
    this.messages = new FakeMessagesGateway(this);
    this.signalling = new FakeCallSignalling(this);
  }

  /**
   * Conversations this device's first sync has not reached yet. As the SDK's local database lacks
   * them, calls that look them (or their messages) up there fail with RecordNotFound until cleared.
   */
  readonly unsynced = new Set<string>();

  /** Throws as the SDK does for a conversation its local database does not hold yet. */
  requireSynced(conversationID: string): void {
    if (this.unsynced.has(conversationID)) {
      throw new RemoteError(ImErrorCode.RecordNotFound, 'record not found');
    }
  }

  private listeners = 0;

  /** How many subscriptions the application holds on this device's event streams (for leak tests). */
  get listenerCount(): number {
    return this.listeners;
  }

  /** An event stream of this device whose subscriptions are counted. */
  listen<T>(subject: Subject<T>): Observable<T> {
    return new Observable<T>((subscriber) => {
      this.listeners += 1;
      const inner = subject.subscribe(subscriber);
      return () => {
        this.listeners -= 1;
        inner.unsubscribe();
      };
    });
  }

  /** The logged-in user id; rejects like the SDK (10101) when logged out. */
  me(): string {
    if (this.userID === undefined) {
      throw new RemoteError(ImErrorCode.LoggedOut, 'sdk not logged in');
    }
    return this.userID;
  }

  attach(userID: string, token: string): void {
    this.userID = userID;
    // The sink is shared with the backend as a read-only view; only its device re-targets it.
    const sink = this.sink as { userID: string; token: string };
    sink.userID = userID;
    sink.token = token;
    this.backend.connect(this.sink);
  }

  detach(): void {
    this.backend.devices.delete(this.sink);
    this.userID = undefined;
  }
}

/** Async boundary: every fake call resolves on a later microtask, like the SDK worker. */
async function later<T>(fn: () => T): Promise<T> {
  await Promise.resolve();
  return fn();
}

export class FakeImSession extends ImSession {
  readonly events$: Observable<SessionEvent>;
  /** When set, the next login fails with this code (e.g. to simulate 705 or a server outage). */
  failNextLoginWith: number | undefined;

  constructor(private readonly device: FakeImDevice) {
    super();
    this.events$ = device.listen(device.sink.session);
  }

  login(userID: string, token: string): Promise<void> {
    return later(() => {
      const { backend, sink } = this.device;
      if (this.device.userID !== undefined) {
        throw new RemoteError(ImErrorCode.LoginRepeated, 'login repeated');
      }
      if (this.failNextLoginWith !== undefined) {
        const code = this.failNextLoginWith;
        this.failNextLoginWith = undefined;
        throw new RemoteError(code, 'login failed');
      }
      backend.checkToken(userID, token);
      this.device.attach(userID, token);
      // The SDK reports connecting/connected then runs a sync, all after login resolves.
      void Promise.resolve().then(() => {
        sink.session.next({ type: 'connecting' });
        sink.session.next({ type: 'connectSuccess' });
        sink.session.next({ type: 'syncStart', reinstalled: false });
        sink.session.next({ type: 'syncProgress', percent: 100 });
        sink.session.next({ type: 'syncFinish' });
      });
    });
  }

  logout(): Promise<void> {
    return later(() => {
      this.device.me();
      this.device.detach();
    });
  }

  /**
   * As the OpenIM SDK does: the nickname and avatar it reports are its own copy, which follows a change
   * made through the chat API only after the server's notification reached it. While set, getSelfInfo
   * reports these instead of the backend's.
   */
  sdkProfileLag: Pick<SelfInfo, 'nickname' | 'faceURL'> | undefined;

  getSelfInfo(): Promise<SelfInfo> {
    return later(() => {
      const info = this.device.backend.user(this.device.me()).info;
      return this.sdkProfileLag === undefined ? info : { ...info, ...this.sdkProfileLag };
    });
  }

  /** Test hook: the server pushes a session event (kick, token expiry, sync…). */
  emit(event: SessionEvent): void {
    this.device.sink.session.next(event);
  }
}

export class FakeContactsGateway extends ContactsGateway {
  readonly events$: Observable<ContactEvent>;
  /**
   * When set, a blacklist change reaches the server but the call fails with this code and no event
   * follows, as the SDK does when its follow-up sync times out on a loaded machine.
   */
  failBlacklistWith: number | undefined;

  constructor(private readonly device: FakeImDevice) {
    super();
    this.events$ = device.listen(device.sink.contacts);
  }

  private get b(): FakeBackend {
    return this.device.backend;
  }

  getFriendsPage(offset: number, count: number): Promise<readonly Friend[]> {
    return later(() => {
      const me = this.device.me();
      const black = this.b.blacklistOf(me);
      return [...this.b.friendsOf(me).keys()]
        .filter((id) => !black.has(id))
        .sort()
        .slice(offset, offset + count)
        .map((id) => this.b.friendView(me, id));
    });
  }

  getBlacklist(): Promise<readonly BlacklistEntry[]> {
    return later(() =>
      [...this.b.blacklistOf(this.device.me())].map((id) => publicUser(this.b.user(id).info)),
    );
  }

  getReceivedFriendApplications(): Promise<readonly FriendApplication[]> {
    return later(() => {
      const me = this.device.me();
      return this.b.friendApplications.filter((a) => a.toUserID === me);
    });
  }

  getSentFriendApplications(): Promise<readonly FriendApplication[]> {
    return later(() => {
      const me = this.device.me();
      return this.b.friendApplications.filter((a) => a.fromUserID === me);
    });
  }

  getUsers(userIDs: readonly string[]): Promise<readonly PublicUser[]> {
    return later(() =>
      userIDs.filter((id) => this.b.users.has(id)).map((id) => publicUser(this.b.user(id).info)),
    );
  }

  searchFriends(keyword: string): Promise<readonly Friend[]> {
    return later(() => {
      const me = this.device.me();
      const needle = keyword.toLowerCase();
      return [...this.b.friendsOf(me).keys()]
        .map((id) => this.b.friendView(me, id))
        .filter(
          (f) =>
            f.nickname.toLowerCase().includes(needle) ||
            f.remark.toLowerCase().includes(needle) ||
            f.userID.toLowerCase().includes(needle),
        );
    });
  }

  addFriend(toUserID: string, reqMsg: string): Promise<void> {
    return later(() => {
      const me = this.device.me();
      if (toUserID === me) {
        throw new RemoteError(ImErrorCode.CannotAddYourself, 'cannot add yourself');
      }
      const target = this.b.user(toUserID);
      if (this.b.friendsOf(me).has(toUserID)) {
        throw new RemoteError(ImErrorCode.RelationshipAlready, 'already friends');
      }
      if (target.info.allowAddFriend === BusinessAllowType.NotAllow) {
        throw new RemoteError(ImErrorCode.NoPermission, 'the user does not allow adding friends');
      }
      const application: FriendApplication = {
        fromUserID: me,
        fromNickname: this.b.user(me).info.nickname,
        fromFaceURL: this.b.user(me).info.faceURL,
        toUserID,
        toNickname: target.info.nickname,
        toFaceURL: target.info.faceURL,
        reqMsg,
        handleResult: ApplicationHandleResult.Unprocessed,
        createTime: this.b.clock.now(),
      };
      const index = this.b.friendApplications.findIndex(
        (a) => a.fromUserID === me && a.toUserID === toUserID,
      );
      if (index >= 0) {
        this.b.friendApplications.splice(index, 1, application);
      } else {
        this.b.friendApplications.push(application);
      }
      for (const userID of [me, toUserID]) {
        this.b.push(userID, (s) => s.contacts.next({ type: 'friendApplicationAdded', application }));
      }
    });
  }

  private handle(fromUserID: string, result: ApplicationHandleResult): FriendApplication {
    const me = this.device.me();
    const index = this.b.friendApplications.findIndex(
      (a) =>
        a.fromUserID === fromUserID &&
        a.toUserID === me &&
        a.handleResult === ApplicationHandleResult.Unprocessed,
    );
    const found = this.b.friendApplications[index];
    if (found === undefined) {
      throw new RemoteError(ImErrorCode.RecordNotFound, 'friend application not found');
    }
    const application = { ...found, handleResult: result };
    this.b.friendApplications.splice(index, 1, application);
    const type =
      result === ApplicationHandleResult.Agree ? 'friendApplicationAccepted' : 'friendApplicationRejected';
    for (const userID of [me, fromUserID]) {
      this.b.push(userID, (s) => s.contacts.next({ type, application }));
    }
    return application;
  }

  acceptFriendApplication(fromUserID: string): Promise<void> {
    return later(() => {
      this.handle(fromUserID, ApplicationHandleResult.Agree);
      this.b.makeFriends(this.device.me(), fromUserID);
    });
  }

  refuseFriendApplication(fromUserID: string): Promise<void> {
    return later(() => {
      this.handle(fromUserID, ApplicationHandleResult.Reject);
    });
  }

  deleteFriend(userID: string): Promise<void> {
    return later(() => {
      const me = this.device.me();
      if (!this.b.friendsOf(me).delete(userID)) {
        throw new RemoteError(ImErrorCode.RecordNotFound, 'not a friend');
      }
      this.b.push(me, (s) => s.contacts.next({ type: 'friendDeleted', userID }));
    });
  }

  setFriendRemark(userID: string, remark: string): Promise<void> {
    return later(() => {
      const me = this.device.me();
      const friends = this.b.friendsOf(me);
      if (!friends.has(userID)) {
        throw new RemoteError(ImErrorCode.RecordNotFound, 'not a friend');
      }
      friends.set(userID, remark);
      const friend = this.b.friendView(me, userID);
      this.b.push(me, (s) => s.contacts.next({ type: 'friendInfoChanged', friend }));
    });
  }

  addToBlacklist(userID: string): Promise<void> {
    return later(() => {
      const me = this.device.me();
      const entry = publicUser(this.b.user(userID).info);
      this.b.blacklistOf(me).add(userID);
      this.failBlacklistCall();
      this.b.push(me, (s) => s.contacts.next({ type: 'blackAdded', entry }));
    });
  }

  /** Idempotent, as the server: removing someone not blocked succeeds and reports nothing. */
  removeFromBlacklist(userID: string): Promise<void> {
    return later(() => {
      const me = this.device.me();
      const removed = this.b.blacklistOf(me).delete(userID);
      this.failBlacklistCall();
      if (removed) this.b.push(me, (s) => s.contacts.next({ type: 'blackDeleted', userID }));
    });
  }

  private failBlacklistCall(): void {
    if (this.failBlacklistWith !== undefined) {
      throw new RemoteError(this.failBlacklistWith, 'the blacklist sync timed out');
    }
  }
}

function publicUser(info: SelfInfo): PublicUser {
  return { userID: info.userID, nickname: info.nickname, faceURL: info.faceURL };
}

export class FakeGroupsGateway extends GroupsGateway {
  readonly events$: Observable<GroupEvent>;

  constructor(private readonly device: FakeImDevice) {
    super();
    this.events$ = device.listen(device.sink.groups);
  }

  private get b(): FakeBackend {
    return this.device.backend;
  }

  private requireRole(groupID: string, minimum: GroupMember['roleLevel']): GroupMember {
    const me = this.b.member(groupID, this.device.me());
    if (me.roleLevel < minimum) {
      throw new RemoteError(ImErrorCode.NoPermission, 'no permission');
    }
    return me;
  }

  getJoinedGroupsPage(offset: number, count: number): Promise<readonly Group[]> {
    return later(() => {
      const me = this.device.me();
      return [...this.b.groups.values()]
        .filter((g) => g.members.has(me))
        .map((g) => g.group)
        .slice(offset, offset + count);
    });
  }

  getGroups(groupIDs: readonly string[]): Promise<readonly Group[]> {
    return later(() => {
      this.device.me();
      return groupIDs.flatMap((id) => {
        const record = this.b.groups.get(id);
        return record === undefined ? [] : [record.group];
      });
    });
  }

  getMembersPage(groupID: string, offset: number, count: number): Promise<readonly GroupMember[]> {
    return later(() => {
      this.device.me();
      return [...this.b.groupRecord(groupID).members.values()].slice(offset, offset + count);
    });
  }

  getMembers(groupID: string, userIDs: readonly string[]): Promise<readonly GroupMember[]> {
    return later(() => {
      this.device.me();
      const members = this.b.groupRecord(groupID).members;
      return userIDs.flatMap((id) => {
        const member = members.get(id);
        return member === undefined ? [] : [member];
      });
    });
  }

  getUsersInGroup(groupID: string, userIDs: readonly string[]): Promise<readonly string[]> {
    return later(() => {
      this.device.me();
      const members = this.b.groupRecord(groupID).members;
      return userIDs.filter((id) => members.has(id));
    });
  }

  searchGroups(keyword: string): Promise<readonly Group[]> {
    return later(() => {
      const me = this.device.me();
      const needle = keyword.toLowerCase();
      return [...this.b.groups.values()]
        .filter((g) => g.members.has(me))
        .map((g) => g.group)
        .filter((g) => g.groupName.toLowerCase().includes(needle) || g.groupID.toLowerCase() === needle);
    });
  }

  createGroup(input: CreateGroupInput): Promise<Group> {
    return later(() => {
      const me = this.device.me();
      for (const id of input.memberUserIDs) {
        this.b.user(id);
      }
      const groupID = this.b.nextID('g');
      const group: Group = {
        groupID,
        groupName: input.groupName,
        faceURL: input.faceURL,
        introduction: '',
        memberCount: 0,
        createTime: this.b.clock.now(),
        ownerUserID: me,
        groupType: 2,
        lookMemberInfo: 0,
        applyMemberFriend: 0,
      };
      this.b.groups.set(groupID, { group, members: new Map() });
      this.b.addMember(groupID, me, GroupMemberRole.Owner);
      const admins = new Set(input.adminUserIDs ?? []);
      if ([...admins].some((id) => !input.memberUserIDs.includes(id))) {
        throw new RemoteError(ImErrorCode.ArgsError, 'adminUserIDs must be members');
      }
      for (const id of input.memberUserIDs.filter((u) => u !== me)) {
        this.b.addMember(groupID, id, admins.has(id) ? GroupMemberRole.Admin : GroupMemberRole.Normal);
      }
      this.b.touchGroup(groupID);
      // OpenIM posts a "group created" notification (1501), which creates everyone's conversation.
      this.b.notifyGroup(groupID, me, 1501, { group: groupID });
      return this.b.groupRecord(groupID).group;
    });
  }

  invite(groupID: string, userIDs: readonly string[]): Promise<void> {
    return later(() => {
      const me = this.device.me();
      this.b.member(groupID, me);
      const members = this.b.groupRecord(groupID).members;
      for (const id of userIDs) {
        this.b.user(id);
        if (!members.has(id)) {
          this.b.addMember(groupID, id, GroupMemberRole.Normal);
        }
      }
      this.b.touchGroup(groupID);
      this.b.notifyGroup(groupID, me, 1509, { invitedUserIDs: userIDs });
    });
  }

  kick(groupID: string, userIDs: readonly string[]): Promise<void> {
    return later(() => {
      const me = this.b.member(groupID, this.device.me());
      if (userIDs.includes(me.userID)) {
        throw new RemoteError(ImErrorCode.ArgsError, 'you cannot kick yourself; quit instead');
      }
      for (const id of userIDs) {
        const target = this.b.member(groupID, id);
        // OpenIM refuses kicking the owner as a bad argument, whoever asks.
        if (target.roleLevel === GroupMemberRole.Owner) {
          throw new RemoteError(ImErrorCode.ArgsError, 'the group owner cannot be kicked');
        }
        // OpenIM: owner kicks anyone else, admin only normal members.
        if (target.roleLevel >= me.roleLevel) {
          throw new RemoteError(ImErrorCode.NoPermission, 'no permission to kick');
        }
      }
      for (const id of userIDs) {
        this.b.removeMember(groupID, id);
      }
      this.b.touchGroup(groupID);
      this.b.notifyGroup(groupID, me.userID, 1508, { kickedUserIDs: userIDs });
    });
  }

  transferOwner(groupID: string, newOwnerUserID: string): Promise<void> {
    return later(() => {
      const me = this.requireRole(groupID, GroupMemberRole.Owner);
      this.b.member(groupID, newOwnerUserID);
      this.b.updateMember(groupID, me.userID, { roleLevel: GroupMemberRole.Normal });
      this.b.updateMember(groupID, newOwnerUserID, { roleLevel: GroupMemberRole.Owner });
      const record = this.b.groupRecord(groupID);
      record.group = { ...record.group, ownerUserID: newOwnerUserID };
      this.b.touchGroup(groupID);
    });
  }

  joinGroup(groupID: string, reqMsg: string): Promise<void> {
    return later(() => {
      const me = this.device.me();
      const record = this.b.groupRecord(groupID);
      if (record.members.has(me)) {
        throw new RemoteError(ImErrorCode.RelationshipAlready, 'already in group');
      }
      const application: GroupApplication = {
        userID: me,
        nickname: this.b.user(me).info.nickname,
        userFaceURL: this.b.user(me).info.faceURL,
        groupID,
        groupName: record.group.groupName,
        groupFaceURL: record.group.faceURL,
        reqMsg,
        handleResult: ApplicationHandleResult.Unprocessed,
        reqTime: this.b.clock.now(),
      };
      const index = this.b.groupApplications.findIndex((a) => a.userID === me && a.groupID === groupID);
      if (index >= 0) {
        this.b.groupApplications.splice(index, 1, application);
      } else {
        this.b.groupApplications.push(application);
      }
      const managers = [...record.members.values()]
        .filter((m) => m.roleLevel >= GroupMemberRole.Admin)
        .map((m) => m.userID);
      for (const userID of [me, ...managers]) {
        this.b.push(userID, (s) => s.groups.next({ type: 'groupApplicationAdded', application }));
      }
    });
  }

  setGroupInfo(groupID: string, changes: GroupInfoChanges): Promise<void> {
    return later(() => {
      this.requireRole(groupID, GroupMemberRole.Admin);
      const record = this.b.groupRecord(groupID);
      record.group = { ...record.group, ...changes };
      this.b.touchGroup(groupID);
    });
  }

  setMemberRole(
    groupID: string,
    userID: string,
    roleLevel: typeof GroupMemberRole.Admin | typeof GroupMemberRole.Normal,
  ): Promise<void> {
    return later(() => {
      this.requireRole(groupID, GroupMemberRole.Owner);
      const target = this.b.member(groupID, userID);
      // OpenIM refuses to change the owner's role this way; ownership moves only by transfer.
      if (target.roleLevel === GroupMemberRole.Owner) {
        throw new RemoteError(ImErrorCode.NoPermission, 'the owner role is changed by transfer');
      }
      this.b.updateMember(groupID, userID, { roleLevel });
    });
  }

  muteMember(groupID: string, userID: string, mutedSeconds: number): Promise<void> {
    return later(() => {
      const me = this.requireRole(groupID, GroupMemberRole.Admin);
      const target = this.b.member(groupID, userID);
      if (target.roleLevel >= me.roleLevel) {
        throw new RemoteError(ImErrorCode.NoPermission, 'no permission to mute');
      }
      const muteEndTime = mutedSeconds === 0 ? 0 : this.b.clock.now() + mutedSeconds * 1000;
      this.b.updateMember(groupID, userID, { muteEndTime });
    });
  }

  setMuteAll(groupID: string, muted: boolean): Promise<void> {
    return later(() => {
      this.requireRole(groupID, GroupMemberRole.Admin);
      const record = this.b.groupRecord(groupID);
      record.group = { ...record.group, status: muted ? GroupStatus.Muted : GroupStatus.Normal };
      this.b.touchGroup(groupID);
    });
  }

  quit(groupID: string): Promise<void> {
    return later(() => {
      const me = this.b.member(groupID, this.device.me());
      if (me.roleLevel === GroupMemberRole.Owner) {
        // OpenIM refuses to let the owner quit; the owner must transfer or dismiss.
        throw new RemoteError(ImErrorCode.NoPermission, 'owner cannot quit');
      }
      this.b.removeMember(groupID, me.userID);
      this.b.touchGroup(groupID);
    });
  }

  dismiss(groupID: string): Promise<void> {
    return later(() => {
      this.requireRole(groupID, GroupMemberRole.Owner);
      const record = this.b.groupRecord(groupID);
      const group = record.group;
      for (const userID of record.members.keys()) {
        this.b.push(userID, (s) => s.groups.next({ type: 'groupDismissed', group }));
      }
      this.b.groups.delete(groupID);
    });
  }

  getReceivedGroupApplications(): Promise<readonly GroupApplication[]> {
    return later(() => {
      const me = this.device.me();
      return this.b.groupApplications.filter((a) => {
        const member = this.b.groups.get(a.groupID)?.members.get(me);
        return member !== undefined && member.roleLevel >= GroupMemberRole.Admin;
      });
    });
  }

  getSentGroupApplications(): Promise<readonly GroupApplication[]> {
    return later(() => {
      const me = this.device.me();
      return this.b.groupApplications.filter((a) => a.userID === me);
    });
  }

  private handleApplication(
    groupID: string,
    fromUserID: string,
    result: ApplicationHandleResult,
  ): GroupApplication {
    this.requireRole(groupID, GroupMemberRole.Admin);
    const index = this.b.groupApplications.findIndex(
      (a) =>
        a.groupID === groupID &&
        a.userID === fromUserID &&
        a.handleResult === ApplicationHandleResult.Unprocessed,
    );
    const found = this.b.groupApplications[index];
    if (found === undefined) {
      throw new RemoteError(ImErrorCode.RecordNotFound, 'group application not found');
    }
    const application = { ...found, handleResult: result };
    this.b.groupApplications.splice(index, 1, application);
    const type =
      result === ApplicationHandleResult.Agree ? 'groupApplicationAccepted' : 'groupApplicationRejected';
    const managers = [...this.b.groupRecord(groupID).members.values()]
      .filter((m) => m.roleLevel >= GroupMemberRole.Admin)
      .map((m) => m.userID);
    for (const userID of [fromUserID, ...managers]) {
      this.b.push(userID, (s) => s.groups.next({ type, application }));
    }
    return application;
  }

  acceptGroupApplication(groupID: string, fromUserID: string): Promise<void> {
    return later(() => {
      this.handleApplication(groupID, fromUserID, ApplicationHandleResult.Agree);
      this.b.addMember(groupID, fromUserID, GroupMemberRole.Normal);
      this.b.touchGroup(groupID);
    });
  }

  refuseGroupApplication(groupID: string, fromUserID: string): Promise<void> {
    return later(() => {
      this.handleApplication(groupID, fromUserID, ApplicationHandleResult.Reject);
    });
  }
}

export class FakeConversationsGateway extends ConversationsGateway {
  readonly events$: Observable<ConversationEvent>;

  constructor(private readonly device: FakeImDevice) {
    super();
    this.events$ = device.listen(device.sink.conversations);
  }

  private get b(): FakeBackend {
    return this.device.backend;
  }

  private record(conversationID: string): ReturnType<FakeBackend['conversationRecord']> {
    this.device.requireSynced(conversationID);
    const record = this.b.conversationsOf(this.device.me()).get(conversationID);
    if (record === undefined) {
      throw new RemoteError(ImErrorCode.RecordNotFound, 'conversation not found');
    }
    return record;
  }

  getConversationsPage(offset: number, count: number): Promise<readonly Conversation[]> {
    return later(() => {
      const me = this.device.me();
      return [...this.b.conversationsOf(me).values()]
        .sort((x, y) => y.latestMsgSendTime - x.latestMsgSendTime)
        .slice(offset, offset + count)
        .map((r) => this.b.conversationView(me, r));
    });
  }

  getServerFirstPage(userID: string, count: number): Promise<readonly Conversation[]> {
    return later(() =>
      [...this.b.conversationsOf(userID).values()]
        .sort((x, y) => Number(y.isPinned) - Number(x.isPinned) || y.latestMsgSendTime - x.latestMsgSendTime)
        .slice(0, count)
        .map((r) => this.b.conversationView(userID, r)),
    );
  }

  getTotalUnread(): Promise<number> {
    return later(() => this.b.totalUnread(this.device.me()));
  }

  getOneConversation(sourceID: string, sessionType: SessionType): Promise<Conversation> {
    return later(() => {
      const me = this.device.me();
      if (sessionType === SessionType.Group) {
        this.b.groupRecord(sourceID);
      } else {
        this.b.user(sourceID);
      }
      const isNew = !this.b
        .conversationsOf(me)
        .has(
          sessionType === SessionType.Group
            ? groupConversationID(sourceID)
            : singleConversationID(me, sourceID),
        );
      const record = this.b.conversationRecord(me, sourceID, sessionType);
      if (isNew) {
        this.b.emitConversationChanged(me, record, true);
      }
      return this.b.conversationView(me, record);
    });
  }

  setPinned(conversationID: string, isPinned: boolean): Promise<void> {
    return later(() => {
      const record = this.record(conversationID);
      record.isPinned = isPinned;
      this.b.emitConversationChanged(this.device.me(), record, false);
    });
  }

  setDraft(conversationID: string, draftText: string): Promise<void> {
    return later(() => {
      const record = this.record(conversationID);
      // As the SDK: a draft carries the time it was saved; removing it resets the time.
      const blank = draftText.trim() === '';
      record.draftText = blank ? '' : draftText;
      record.draftTextTime = blank ? 0 : this.b.clock.now();
      this.b.emitConversationChanged(this.device.me(), record, false);
    });
  }

  setRecvMsgOpt(conversationID: string, opt: RecvMsgOpt): Promise<void> {
    return later(() => {
      const record = this.record(conversationID);
      record.recvMsgOpt = opt;
      this.b.emitConversationChanged(this.device.me(), record, false, false);
    });
  }

  deleteConversation(conversationID: string): Promise<void> {
    return later(() => {
      const me = this.device.me();
      this.record(conversationID);
      this.b.conversationsOf(me).delete(conversationID);
      const deleted = this.b.deletedMessages.get(me) ?? new Set<string>();
      for (const message of this.b.messages.get(conversationID) ?? []) {
        deleted.add(message.clientMsgID);
      }
      this.b.deletedMessages.set(me, deleted);
      const total = this.b.totalUnread(me);
      this.b.push(me, (s) => s.conversations.next({ type: 'totalUnreadChanged', count: total }));
    });
  }

  resetGroupAtType(conversationID: string): Promise<void> {
    return later(() => {
      const record = this.record(conversationID);
      if ((record.groupAtType ?? GroupAtType.AtNormal) !== GroupAtType.AtNormal) {
        record.groupAtType = GroupAtType.AtNormal;
        this.b.emitConversationChanged(this.device.me(), record, false, false);
      }
    });
  }

  markAsRead(conversationID: string): Promise<void> {
    return later(() => {
      const record = this.record(conversationID);
      if (record.unreadCount !== 0) {
        record.unreadCount = 0;
        this.b.emitConversationChanged(this.device.me(), record, false);
      }
    });
  }
}

export class FakeMessagesGateway extends MessagesGateway {
  readonly events$: Observable<MessageEvent>;
  /** When set, sends fail with this code (simulates a network or server failure). */
  failSendsWith: number | undefined;
  /** When set, sends stay pending until the returned promise's release is called. */
  holdSends = false;
  /**
   * As the OpenIM SDK does (its history page is sorted by send time with an unstable sort), a page
   * returns messages of the same send time newest first when set.
   */
  historySameTimeNewestFirst = false;
  /**
   * As the SDK does when the connection is down: a send fails (with {@link failSendsWith}) but its frame
   * stays queued and goes out after the reconnect ({@link reconnect}), where the server stores it.
   */
  queueFailedSends = false;
  private readonly queued: (() => void)[] = [];
  private readonly held: (() => void)[] = [];

  constructor(private readonly device: FakeImDevice) {
    super();
    this.events$ = device.listen(device.sink.messages);
  }

  private get b(): FakeBackend {
    return this.device.backend;
  }

  /** Releases sends held by {@link holdSends}. */
  releaseHeldSends(): void {
    for (const release of this.held.splice(0)) {
      release();
    }
  }

  create(draft: MessageDraft): Promise<Message> {
    return later(() => {
      const me = this.b.user(this.device.me()).info;
      const now = this.b.clock.now();
      const base = {
        clientMsgID: this.b.nextID('c'),
        serverMsgID: '',
        sendID: me.userID,
        recvID: '',
        groupID: '',
        sessionType: SessionType.Single,
        createTime: now,
        sendTime: now,
        senderNickname: me.nickname,
        senderFaceUrl: me.faceURL,
        status: MessageStatus.Sending,
        isRead: false,
        localEx: '',
      } as const;
      switch (draft.kind) {
        case 'text':
          return { ...base, contentType: ContentType.Text, textElem: { content: draft.text } };
        case 'atText':
          return {
            ...base,
            contentType: ContentType.AtText,
            atTextElem: {
              text: draft.text,
              atUserList: [...draft.atUserIDList],
              ...(draft.atUsersInfo === undefined ? {} : { atUsersInfo: [...draft.atUsersInfo] }),
            },
          };
        case 'custom':
          return {
            ...base,
            contentType: ContentType.Custom,
            customElem: { data: draft.data, extension: '', description: draft.description },
          };
        // As the SDK, media have no URL until sent (the upload happens while sending); this
        // device keeps a preview of the picked file meanwhile.
        case 'picture': {
          const picture: PictureInfo = {
            uuid: base.clientMsgID,
            type: draft.file.mimeType,
            size: draft.file.size,
            width: draft.width,
            height: draft.height,
            url: '',
          };
          return {
            ...base,
            contentType: ContentType.Picture,
            pictureElem: { sourcePicture: picture, bigPicture: picture, snapshotPicture: picture },
            localPreviewURL: `blob:fake/${base.clientMsgID}`,
          };
        }
        case 'video':
          return {
            ...base,
            contentType: ContentType.Video,
            videoElem: {
              videoUUID: base.clientMsgID,
              videoUrl: '',
              videoType: draft.file.mimeType,
              videoSize: draft.file.size,
              duration: draft.duration,
              snapshotUUID: `${base.clientMsgID}-poster`,
              snapshotSize: draft.snapshot.size,
              snapshotUrl: '',
              snapshotWidth: draft.width,
              snapshotHeight: draft.height,
            },
            localPreviewURL: `blob:fake/${base.clientMsgID}`,
          };
        case 'file':
          return {
            ...base,
            contentType: ContentType.File,
            fileElem: {
              uuid: base.clientMsgID,
              sourceUrl: '',
              fileName: draft.file.name,
              fileSize: draft.file.size,
            },
          };
        // As the SDK's createQuoteMessage, the quoted message travels inside the reply.
        case 'quote':
          this.requireSdkCopy(draft.quoted);
          return {
            ...base,
            contentType: ContentType.Quote,
            quoteElem: { text: draft.text, quoteMessage: draft.quoted },
          };
      }
    });
  }

  createForward(message: Message): Promise<Message> {
    return later(() => {
      this.requireSdkCopy(message);
      const me = this.b.user(this.device.me()).info;
      const now = this.b.clock.now();
      return {
        ...message,
        clientMsgID: this.b.nextID('c'),
        serverMsgID: '',
        sendID: me.userID,
        recvID: '',
        groupID: '',
        sendTime: now,
        createTime: now,
        senderNickname: me.nickname,
        senderFaceUrl: me.faceURL,
        status: MessageStatus.Sending,
        isRead: false,
        localEx: '',
      };
    });
  }

  async send(
    message: Message,
    target: SendTarget,
    options?: { readonly onlineOnly?: boolean },
  ): Promise<Message> {
    await Promise.resolve();
    if (this.holdSends) {
      await new Promise<void>((resolve) => this.held.push(resolve));
    }
    this.device.me();
    if (this.failSendsWith !== undefined) {
      if (this.queueFailedSends) {
        this.queued.push(() => void this.deliverNow(message, target, options));
      }
      throw new RemoteError(this.failSendsWith, 'send failed');
    }
    return this.deliverNow(message, target, options);
  }

  // As the SDK reports a peer's Typing message: an input status of the conversation, not a message.
  async sendTyping(recvID: string, _tip: string): Promise<void> {
    await Promise.resolve();
    const me = this.device.me();
    this.b.user(recvID);
    const conversationID = singleConversationID(me, recvID);
    this.b.push(recvID, (s) => s.messages.next({ type: 'typing', conversationID, userID: me, typing: true }));
  }

  /** The connection is back: queued frames go out (see {@link queueFailedSends}). */
  reconnect(): void {
    this.failSendsWith = undefined;
    for (const deliver of this.queued.splice(0)) deliver();
  }

  findMessages(conversationID: string, clientMsgIDs: readonly string[]): Promise<readonly Message[]> {
    return later(() =>
      this.sdkRead(
        (this.b.messages.get(conversationID) ?? []).filter((m) => clientMsgIDs.includes(m.clientMsgID)),
      ),
    );
  }

  private async deliverNow(
    message: Message,
    target: SendTarget,
    options?: { readonly onlineOnly?: boolean },
  ): Promise<Message> {
    await Promise.resolve();
    const me = this.device.me();
    const isGroup = target.groupID !== '';
    if (isGroup) {
      const member = this.b.member(target.groupID, me);
      const group = this.b.groupRecord(target.groupID).group;
      if (group.status === GroupStatus.Muted && member.roleLevel === GroupMemberRole.Normal) {
        throw new RemoteError(ImErrorCode.MutedGroup, 'the group is muted');
      }
      if (this.b.isMuted(member)) {
        throw new RemoteError(ImErrorCode.MutedInGroup, 'you are muted');
      }
    } else {
      this.b.user(target.recvID);
      if (this.b.blacklistOf(target.recvID).has(me)) {
        throw new RemoteError(ImErrorCode.BlockedByPeer, 'blocked by peer');
      }
      if (this.b.friendVerify && !this.b.friendsOf(target.recvID).has(me)) {
        throw new RemoteError(ImErrorCode.NotPeersFriend, 'not friends');
      }
    }
    const now = this.b.clock.now();
    const { localPreviewURL, uploadProgress: _progress, ...shared } = message;
    const sent: Message = {
      ...uploadedCopy(shared),
      recvID: isGroup ? '' : target.recvID,
      groupID: target.groupID,
      sessionType: isGroup ? SessionType.Group : SessionType.Single,
      serverMsgID: this.b.nextID('srv'),
      sendTime: now,
      status: MessageStatus.Succeeded,
    };
    const delivered = this.b.deliver(sent, { onlineOnly: options?.onlineOnly ?? false });
    return localPreviewURL === undefined ? delivered : { ...delivered, localPreviewURL };
  }

  /** Reports upload progress of a sending message, as the SDK's OnProgress does. */
  reportUploadProgress(clientMsgID: string, progress: number): void {
    this.device.sink.messages.next({ type: 'progress', clientMsgID, progress });
  }

  /** History reads of a conversation without any stored message (the SDK has no table for it yet). */
  readonly tablelessHistoryReads: string[] = [];

  /** The server's reads of a chat's newest messages (each conversation id asked). */
  readonly serverNewestReads: string[] = [];
  /** As a deployment without `/msg/pull_msg_by_seq`: the server read rejects with MISSING_ROUTE_CODE. */
  serverNewestMissing = false;

  /**
   * Messages this device knows only from the server's copy: as the OpenIM adapter, which keeps the
   * SDK's raw copy of each message it has read, it cannot forward or quote them until it reads the SDK's.
   */
  private readonly serverCopies = new Set<string>();

  private sdkRead<T extends readonly Message[]>(messages: T): T {
    for (const m of messages) this.serverCopies.delete(m.clientMsgID);
    return messages;
  }

  private requireSdkCopy(message: Message): void {
    if (this.serverCopies.has(message.clientMsgID)) {
      throw new RemoteError(1001, 'only messages this client has loaded can be forwarded');
    }
  }

  getServerNewest(conversationID: string, count: number): Promise<readonly Message[]> {
    return later(() => {
      this.serverNewestReads.push(conversationID);
      if (this.serverNewestMissing) throw new RemoteError(MISSING_ROUTE_CODE, 'no such route');
      const me = this.device.me();
      // The server answers only conversations the user has a record of.
      if (!this.b.conversationsOf(me).has(conversationID)) return [];
      const deleted = this.b.deletedMessages.get(me) ?? new Set<string>();
      const all = (this.b.messages.get(conversationID) ?? []).filter((m) => !deleted.has(m.clientMsgID));
      const page = all.slice(Math.max(0, all.length - count));
      for (const m of page) this.serverCopies.add(m.clientMsgID);
      return page;
    });
  }

  getHistory(conversationID: string, startClientMsgID: string, count: number): Promise<HistoryPage> {
    return later(() => {
      if (!this.b.messages.has(conversationID)) this.tablelessHistoryReads.push(conversationID);
      const me = this.device.me();
      const deleted = this.b.deletedMessages.get(me) ?? new Set<string>();
      const all = (this.b.messages.get(conversationID) ?? []).filter((m) => !deleted.has(m.clientMsgID));
      const end =
        startClientMsgID === '' ? all.length : all.findIndex((m) => m.clientMsgID === startClientMsgID);
      if (end < 0) {
        throw new RemoteError(ImErrorCode.RecordNotFound, 'start message not found');
      }
      const start = Math.max(0, end - count);
      const page = all.slice(start, end);
      if (this.historySameTimeNewestFirst) {
        page.sort((a, b) => a.sendTime - b.sendTime || (b.seq ?? 0) - (a.seq ?? 0));
      }
      return { messages: this.sdkRead(page), isEnd: start === 0 };
    });
  }

  private find(conversationID: string, clientMsgID: string): { list: Message[]; index: number } {
    this.device.requireSynced(conversationID);
    const list = this.b.messages.get(conversationID) ?? [];
    const index = list.findIndex((m) => m.clientMsgID === clientMsgID);
    if (index < 0) {
      throw new RemoteError(ImErrorCode.RecordNotFound, 'message not found');
    }
    return { list, index };
  }

  revoke(conversationID: string, clientMsgID: string): Promise<void> {
    return later(() => {
      const me = this.device.me();
      const { list, index } = this.find(conversationID, clientMsgID);
      const original = list[index] as Message;
      if (original.contentType === ContentType.Revoke) {
        throw new RemoteError(ImErrorCode.MsgAlreadyRevoked, 'already revoked');
      }
      let canRevoke = original.sendID === me;
      if (!canRevoke && original.groupID !== '') {
        // OpenIM lets owners and admins revoke others' group messages.
        canRevoke = this.b.member(original.groupID, me).roleLevel >= GroupMemberRole.Admin;
      }
      if (!canRevoke) {
        throw new RemoteError(ImErrorCode.NoPermission, 'cannot revoke this message');
      }
      list[index] = { ...original, contentType: ContentType.Revoke };
      const audience =
        original.groupID !== ''
          ? [...this.b.groupRecord(original.groupID).members.keys()]
          : [original.sendID, original.recvID];
      for (const userID of new Set(audience)) {
        this.b.push(userID, (s) =>
          s.messages.next({ type: 'revoked', conversationID, clientMsgID, revokerID: me }),
        );
      }
    });
  }

  delete(conversationID: string, clientMsgID: string): Promise<void> {
    return later(() => {
      const me = this.device.me();
      this.find(conversationID, clientMsgID);
      const deleted = this.b.deletedMessages.get(me) ?? new Set<string>();
      deleted.add(clientMsgID);
      this.b.deletedMessages.set(me, deleted);
    });
  }

  setLocalEx(conversationID: string, clientMsgID: string, localEx: string): Promise<void> {
    return later(() => {
      this.device.me();
      const { list, index } = this.find(conversationID, clientMsgID);
      // localEx is device-local in OpenIM; the fake keeps one copy, which is enough for single-device tests.
      list[index] = { ...(list[index] as Message), localEx };
    });
  }

  searchLocal(conversationID: string, keyword: string, count: number): Promise<readonly Message[]> {
    return later(() => {
      const me = this.device.me();
      const deleted = this.b.deletedMessages.get(me) ?? new Set<string>();
      const needle = keyword.toLowerCase();
      return (this.b.messages.get(conversationID) ?? [])
        .filter((m) => !deleted.has(m.clientMsgID))
        .filter((m) => searchableText(m).toLowerCase().includes(needle))
        .slice(-count)
        .reverse();
    });
  }
}

// The text a local search reads: text, at-text and a quote's reply, as the adapter reads them.
function searchableText(m: Message): string {
  return m.textElem?.content ?? m.atTextElem?.text ?? m.quoteElem?.text ?? '';
}

export class FakeCallSignalling extends CallSignalling {
  readonly signals$: Observable<ReceivedCallSignal>;
  /** Signals sent from this device: the backend echoes them here too, and they are no news. */
  private readonly sentHere = new Set<string>();

  constructor(private readonly device: FakeImDevice) {
    super();
    // Like the real adapter: signals are the custom messages 200-204 sent one-to-one to this user, plus
    // the copies of this user's own signals sent from its other devices.
    this.signals$ = device.sink.messages.pipe(
      mergeMap((event) => (event.type === 'received' ? event.messages : [])),
      filter((m) => m.contentType === ContentType.Custom && m.sessionType === SessionType.Single),
      mergeMap((m): ReceivedCallSignal[] => {
        const toMe = m.recvID === device.userID && m.sendID !== device.userID;
        const fromOwnDevice = m.sendID === device.userID && !this.sentHere.has(m.clientMsgID);
        if (!toMe && !fromOwnDevice) return [];
        const payload = parseCustomData(m.customElem?.data ?? '');
        if (payload.kind !== 'callSignal') return [];
        const signal = {
          type: payload.signal.customType,
          invitation: payload.signal.invitation,
          fromUserID: m.sendID,
        };
        return [toMe ? signal : { ...signal, fromOwnDevice: true }];
      }),
    );
  }

  async send(toUserID: string, type: CallSignalType, invitation: CallInvitation): Promise<void> {
    if (toUserID === '') throw new RemoteError(ImErrorCode.ArgsError, 'toUserID is required');
    const data = buildCallSignalData(type, invitation);
    if (parseCustomData(data).kind !== 'callSignal') {
      throw new RemoteError(ImErrorCode.ArgsError, 'not a complete call signal');
    }
    const message = await this.device.messages.create({ kind: 'custom', data, description: 'call' });
    this.sentHere.add(message.clientMsgID);
    await this.device.messages.send(message, { recvID: toUserID, groupID: '' }, { onlineOnly: true });
  }
}

/** The stored copy of a media message: the fake object storage gives every file a URL. */
function uploadedCopy(message: Message): Message {
  const base = `https://files.fake/${message.clientMsgID}`;
  if (message.pictureElem !== undefined) {
    const withURL = (info: PictureInfo): PictureInfo =>
      info.url === '' ? { ...info, url: `${base}/picture` } : info;
    const p = message.pictureElem;
    return {
      ...message,
      pictureElem: {
        ...p,
        sourcePicture: withURL(p.sourcePicture),
        bigPicture: withURL(p.bigPicture),
        snapshotPicture: withURL(p.snapshotPicture),
      },
    };
  }
  if (message.videoElem !== undefined && message.videoElem.videoUrl === '') {
    return {
      ...message,
      videoElem: { ...message.videoElem, videoUrl: `${base}/video`, snapshotUrl: `${base}/poster` },
    };
  }
  if (message.fileElem !== undefined && message.fileElem.sourceUrl === '') {
    const name = encodeURIComponent(message.fileElem.fileName);
    return { ...message, fileElem: { ...message.fileElem, sourceUrl: `${base}/${name}` } };
  }
  return message;
}
