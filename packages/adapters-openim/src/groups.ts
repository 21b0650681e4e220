import { map, type Observable } from 'rxjs';
import {
  GroupsGateway,
  type CreateGroupInput,
  type GroupEvent,
  type GroupInfoChanges,
} from '@teamim/application';
import {
  GroupJoinSource,
  GroupMemberFilter,
  type GroupMemberRole,
  GroupType,
  type Group,
  type GroupApplication,
  type GroupMember,
} from '@teamim/domain';
import { argumentError, invoke } from './errors';
import { fromSdkEvent, portEvents } from './events';
import type { OpenImDirectory } from './im-api';
import { toGroup, toGroupApplication, toGroupMember } from './mappers';
import type { OpenImSdk } from './sdk';

function requireID(value: string, what: string): void {
  if (value === '') throw argumentError(`${what} is required`);
}

export class OpenImGroups extends GroupsGateway {
  readonly events$: Observable<GroupEvent>;

  /**
   * `directory` answers lookups of groups this user has not joined (see OpenImDirectory for why they must
   * not go through the SDK); without it they fall back to the SDK.
   */
  constructor(
    private readonly sdk: OpenImSdk,
    private readonly directory?: OpenImDirectory,
  ) {
    super();
    const group = <T extends GroupEvent['type']>(type: T) =>
      map((e: { readonly data: Parameters<typeof toGroup>[0] }) => ({ type, group: toGroup(e.data) }));
    const member = <T extends GroupEvent['type']>(type: T) =>
      map((e: { readonly data: Parameters<typeof toGroupMember>[0] }) => ({
        type,
        member: toGroupMember(e.data),
      }));
    const application = <T extends GroupEvent['type']>(type: T) =>
      map((e: { readonly data: Parameters<typeof toGroupApplication>[0] }) => ({
        type,
        application: toGroupApplication(e.data),
      }));
    this.events$ = portEvents<GroupEvent>(
      fromSdkEvent(sdk, 'OnJoinedGroupAdded').pipe(group('joinedGroupAdded')),
      fromSdkEvent(sdk, 'OnJoinedGroupDeleted').pipe(group('joinedGroupDeleted')),
      fromSdkEvent(sdk, 'OnGroupDismissed').pipe(group('groupDismissed')),
      // OnGroupInfoChanged is missing from the SDK's EventDataMap; its payload is a group.
      fromSdkEvent(sdk, 'OnGroupInfoChanged').pipe(
        map((e) => e as { readonly data: Parameters<typeof toGroup>[0] }),
        group('groupInfoChanged'),
      ),
      // OnGroupMemberAdded is missing from the SDK's EventDataMap; its payload is a member like the others.
      fromSdkEvent(sdk, 'OnGroupMemberAdded').pipe(
        map((e) => e as { readonly data: Parameters<typeof toGroupMember>[0] }),
        member('memberAdded'),
      ),
      fromSdkEvent(sdk, 'OnGroupMemberDeleted').pipe(member('memberDeleted')),
      fromSdkEvent(sdk, 'OnGroupMemberInfoChanged').pipe(member('memberInfoChanged')),
      fromSdkEvent(sdk, 'OnGroupApplicationAdded').pipe(application('groupApplicationAdded')),
      fromSdkEvent(sdk, 'OnGroupApplicationAccepted').pipe(application('groupApplicationAccepted')),
      fromSdkEvent(sdk, 'OnGroupApplicationRejected').pipe(application('groupApplicationRejected')),
    );
  }

  /**
   * A page of the SDK's stored joined groups. Not the SDK's own paged read: it pages over the ids of its
   * last sync and fetches and stores any group missing from the table, so a read that falls between a
   * kick's delete and the sync's end stores the group again, and a later invitation then counts as a
   * changed group, never as joined (no OnJoinedGroupAdded).
   */
  async getJoinedGroupsPage(offset: number, count: number): Promise<readonly Group[]> {
    if (offset < 0 || count <= 0) throw argumentError('offset must be >= 0 and count > 0');
    const items = await invoke('getJoinedGroupList', () => this.sdk.getJoinedGroupList());
    return (items ?? []).slice(offset, offset + count).map(toGroup);
  }

  /** The server's list (without the directory there is only the device's own copy to give). */
  async getServerJoinedGroupIDs(): Promise<readonly string[]> {
    if (this.directory === undefined) {
      const items = await invoke('getJoinedGroupList', () => this.sdk.getJoinedGroupList());
      return (items ?? []).map((item) => item.groupID);
    }
    return this.directory.fullJoinedGroupIDs(this.directory.userID);
  }

  async getGroups(groupIDs: readonly string[]): Promise<readonly Group[]> {
    const wanted = [...new Set(groupIDs.filter((id) => id !== ''))];
    if (wanted.length === 0) return [];
    if (!this.directory) {
      const items = await invoke('getSpecifiedGroupsInfo', () => this.sdk.getSpecifiedGroupsInfo(wanted));
      return (items ?? []).map(toGroup);
    }
    const found = new Map<string, Group>();
    try {
      const joined = await invoke('getJoinedGroupList', () => this.sdk.getJoinedGroupList());
      for (const item of joined ?? []) {
        if (wanted.includes(item.groupID)) found.set(item.groupID, toGroup(item));
      }
    } catch {
      // The SDK is still initialising (10004) or failed: the server answers for every group instead.
    }
    const others = wanted.filter((id) => !found.has(id));
    for (const item of await this.directory.groupsInfo(others)) {
      if (others.includes(item.groupID)) found.set(item.groupID, toGroup(item));
    }
    return wanted.flatMap((id) => {
      const group = found.get(id);
      return group ? [group] : [];
    });
  }

  async getMembersPage(groupID: string, offset: number, count: number): Promise<readonly GroupMember[]> {
    requireID(groupID, 'groupID');
    if (offset < 0 || count <= 0) throw argumentError('offset must be >= 0 and count > 0');
    const items = await invoke('getGroupMemberList', () =>
      this.sdk.getGroupMemberList({ groupID, filter: GroupMemberFilter.All, offset, count }),
    );
    return (items ?? []).map(toGroupMember);
  }

  async getMembers(groupID: string, userIDs: readonly string[]): Promise<readonly GroupMember[]> {
    requireID(groupID, 'groupID');
    if (userIDs.length === 0) return [];
    const items = await invoke('getSpecifiedGroupMembersInfo', () =>
      this.sdk.getSpecifiedGroupMembersInfo({ groupID, userIDList: [...userIDs] }),
    );
    return (items ?? []).map(toGroupMember);
  }

  async getUsersInGroup(groupID: string, userIDs: readonly string[]): Promise<readonly string[]> {
    requireID(groupID, 'groupID');
    if (userIDs.length === 0) return [];
    return (
      (await invoke('getUsersInGroup', () =>
        this.sdk.getUsersInGroup({ groupID, userIDList: [...userIDs] }),
      )) ?? []
    );
  }

  async searchGroups(keyword: string): Promise<readonly Group[]> {
    if (keyword.trim() === '') throw argumentError('keyword is empty');
    const items = await invoke('searchGroups', () =>
      this.sdk.searchGroups({ keywordList: [keyword], isSearchGroupID: true, isSearchGroupName: true }),
    );
    return (items ?? []).map(toGroup);
  }

  async createGroup(input: CreateGroupInput): Promise<Group> {
    if (input.groupName.trim() === '') throw argumentError('groupName is empty');
    const admins = new Set(input.adminUserIDs ?? []);
    if ([...admins].some((id) => !input.memberUserIDs.includes(id))) {
      throw argumentError('adminUserIDs must be members');
    }
    // OpenIM wants the two lists disjoint (it refuses duplicates across owner, admins and members).
    const item = await invoke('createGroup', () =>
      this.sdk.createGroup({
        memberUserIDs: input.memberUserIDs.filter((id) => !admins.has(id)),
        groupInfo: { groupName: input.groupName, faceURL: input.faceURL, groupType: GroupType.WorkingGroup },
        adminUserIDs: [...admins],
      }),
    );
    return toGroup(item);
  }

  async invite(groupID: string, userIDs: readonly string[]): Promise<void> {
    requireID(groupID, 'groupID');
    if (userIDs.length === 0) throw argumentError('no one to invite');
    await invoke('inviteUserToGroup', () =>
      this.sdk.inviteUserToGroup({ groupID, userIDList: [...userIDs], reason: '' }),
    );
  }

  async kick(groupID: string, userIDs: readonly string[]): Promise<void> {
    requireID(groupID, 'groupID');
    if (userIDs.length === 0) throw argumentError('no one to remove');
    await invoke('kickGroupMember', () =>
      this.sdk.kickGroupMember({ groupID, userIDList: [...userIDs], reason: '' }),
    );
  }

  async transferOwner(groupID: string, newOwnerUserID: string): Promise<void> {
    requireID(groupID, 'groupID');
    requireID(newOwnerUserID, 'newOwnerUserID');
    await invoke('transferGroupOwner', () => this.sdk.transferGroupOwner({ groupID, newOwnerUserID }));
  }

  async joinGroup(groupID: string, reqMsg: string): Promise<void> {
    requireID(groupID, 'groupID');
    await invoke('joinGroup', () =>
      this.sdk.joinGroup({ groupID, reqMsg, joinSource: GroupJoinSource.Search }),
    );
  }

  async setGroupInfo(groupID: string, changes: GroupInfoChanges): Promise<void> {
    requireID(groupID, 'groupID');
    await invoke('setGroupInfo', () => this.sdk.setGroupInfo({ groupID, ...changes }));
  }

  async setMemberRole(
    groupID: string,
    userID: string,
    roleLevel: typeof GroupMemberRole.Admin | typeof GroupMemberRole.Normal,
  ): Promise<void> {
    requireID(groupID, 'groupID');
    requireID(userID, 'userID');
    await invoke('setGroupMemberInfo', () => this.sdk.setGroupMemberInfo({ groupID, userID, roleLevel }));
  }

  async muteMember(groupID: string, userID: string, mutedSeconds: number): Promise<void> {
    requireID(groupID, 'groupID');
    requireID(userID, 'userID');
    if (mutedSeconds < 0) throw argumentError('mutedSeconds must not be negative');
    await invoke('changeGroupMemberMute', () =>
      this.sdk.changeGroupMemberMute({ groupID, userID, mutedSeconds }),
    );
  }

  async setMuteAll(groupID: string, muted: boolean): Promise<void> {
    requireID(groupID, 'groupID');
    await invoke('changeGroupMute', () => this.sdk.changeGroupMute({ groupID, isMute: muted }));
  }

  async quit(groupID: string): Promise<void> {
    requireID(groupID, 'groupID');
    await invoke('quitGroup', () => this.sdk.quitGroup(groupID));
  }

  async dismiss(groupID: string): Promise<void> {
    requireID(groupID, 'groupID');
    await invoke('dismissGroup', () => this.sdk.dismissGroup(groupID));
  }

  async getReceivedGroupApplications(): Promise<readonly GroupApplication[]> {
    const items = await invoke('getGroupApplicationListAsRecipient', () =>
      this.sdk.getGroupApplicationListAsRecipient(),
    );
    return (items ?? []).map(toGroupApplication);
  }

  async getSentGroupApplications(): Promise<readonly GroupApplication[]> {
    const items = await invoke('getGroupApplicationListAsApplicant', () =>
      this.sdk.getGroupApplicationListAsApplicant(),
    );
    return (items ?? []).map(toGroupApplication);
  }

  async acceptGroupApplication(groupID: string, fromUserID: string, handleMsg: string): Promise<void> {
    requireID(groupID, 'groupID');
    requireID(fromUserID, 'fromUserID');
    await invoke('acceptGroupApplication', () =>
      this.sdk.acceptGroupApplication({ groupID, fromUserID, handleMsg }),
    );
  }

  async refuseGroupApplication(groupID: string, fromUserID: string, handleMsg: string): Promise<void> {
    requireID(groupID, 'groupID');
    requireID(fromUserID, 'fromUserID');
    await invoke('refuseGroupApplication', () =>
      this.sdk.refuseGroupApplication({ groupID, fromUserID, handleMsg }),
    );
  }
}
