import type { Observable } from 'rxjs';
import {
  GroupsGateway,
  type CreateGroupInput,
  type GroupEvent,
  type GroupInfoChanges,
} from '../ports/groups.port';
import {
  ApplicationHandleResult,
  GroupMemberRole,
  GroupStatus,
  type Group,
  type GroupApplication,
  type GroupMember,
} from '@teamim/domain';
import { RemoteError } from '../shared/remote-error';
import type { FakeBackend } from './fake-backend';
import { later, type GatewayDevice } from './fake-im-gateway';
import { ImErrorCode } from './fake-im-errors';

export class FakeGroupsGateway extends GroupsGateway {
  readonly events$: Observable<GroupEvent>;

  /**
   * Joined groups this device's copy lacks although the server has them, as after an SDK first sync whose
   * inserts timed out on a loaded machine: the joined list leaves them out (reading them by id does not
   * store them: the adapter reads such groups from the server).
   */
  readonly lostLocally = new Set<string>();
  /** When set, asking the server for the joined group ids fails with this code. */
  failServerGroupIDsWith: number | undefined;

  constructor(private readonly device: GatewayDevice) {
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
        .filter((g) => g.members.has(me) && !this.lostLocally.has(g.group.groupID))
        .map((g) => g.group)
        .slice(offset, offset + count);
    });
  }

  getServerJoinedGroupIDs(): Promise<readonly string[]> {
    return later(() => {
      if (this.failServerGroupIDsWith !== undefined) {
        throw new RemoteError(this.failServerGroupIDsWith, 'get_full_join_group_ids failed');
      }
      const me = this.device.me();
      return [...this.b.groups.values()].filter((g) => g.members.has(me)).map((g) => g.group.groupID);
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
