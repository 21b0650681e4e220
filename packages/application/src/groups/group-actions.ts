import {
  AVATAR_UPLOAD,
  canEditAnnouncement,
  canEditGroupInfo,
  canSetAdministrators,
  canToggleMuteAll,
  canTransferGroup,
  checkCanCreateGroup,
  checkCanDisband,
  checkCanExit,
  checkCanKick,
  checkCanMute,
  GroupMemberRole,
  err,
  groupCardAvatarCount,
  ok,
  permissionError,
  planCreateGroup,
  SessionType,
  validateAvatarFile,
  validateGroupName,
  validateMuteDuration,
  type Conversation,
  type GroupMember,
  type Result,
} from '@teamim/domain';
import type { ConversationStore } from '../conversations/conversation.store';
import type { FileProcessor, FileUploader, PickedFile } from '../ports/file-processor.port';
import type { Observable } from 'rxjs';
import type { GroupEvent, GroupInfoChanges, GroupsGateway } from '../ports/groups.port';
import type { Notifier } from '../ports/notifier.port';
import type { AppError } from '../shared/app-error';
import { attempt, type RemoteFailure } from '../shared/remote-error';
import type { CurrentUser } from '../session/current-user';

export interface CreateGroupRequest {
  readonly groupName: string;
  readonly selectedUserIDs: readonly string[];
  readonly avatar?: PickedFile;
}

/** What creating a group led to: a new group chat, or a single chat when only one person was picked. */
export type CreateGroupOutcome =
  | { readonly kind: 'group'; readonly conversation: Conversation }
  | { readonly kind: 'singleChat'; readonly conversation: Conversation };

/**
 * Group administration (spec §2 group drawer, §4 member picker, §6 permissions). Every action checks the
 * own role first, so a forbidden action never reaches the server.
 */
export class GroupActions {
  constructor(
    private readonly groups: GroupsGateway,
    private readonly conversations: ConversationStore,
    private readonly currentUser: CurrentUser,
    private readonly files: FileProcessor,
    private readonly uploader: FileUploader,
    private readonly notifier: Notifier,
  ) {}

  /** Creates a group (or opens a single chat when one person is selected) and opens its conversation. */
  async createGroup(request: CreateGroupRequest): Promise<Result<CreateGroupOutcome, AppError>> {
    const allowed = checkCanCreateGroup(this.currentUser.selfInfo);
    if (!allowed.ok) {
      return allowed;
    }
    const plan = planCreateGroup({
      groupName: request.groupName,
      selectedUserIDs: request.selectedUserIDs.filter((id) => id !== this.currentUser.id()),
    });
    if (!plan.ok) {
      this.notifier.notify({ level: 'warning', key: plan.error.i18nKey, ...paramsOf(plan.error.params) });
      return plan;
    }
    if (plan.value.kind === 'openSingleChat') {
      const opened = await this.conversations.open(plan.value.userID, SessionType.Single);
      return opened.ok ? ok({ kind: 'singleChat', conversation: opened.value }) : opened;
    }
    let faceURL = '';
    if (request.avatar !== undefined) {
      const uploaded = await this.uploadAvatar(request.avatar);
      if (!uploaded.ok) {
        return uploaded;
      }
      faceURL = uploaded.value;
    }
    const { groupName, memberUserIDs } = plan.value;
    const created = await attempt(() => this.groups.createGroup({ groupName, faceURL, memberUserIDs }));
    if (!created.ok) {
      this.notifier.notify({ level: 'error', key: 'toast.accessFailed', message: created.error.message });
      return created;
    }
    const opened = await this.conversations.open(created.value.groupID, SessionType.Group);
    return opened.ok ? ok({ kind: 'group', conversation: opened.value }) : opened;
  }

  async invite(groupID: string, userIDs: readonly string[]): Promise<Result<void, AppError>> {
    const result = await attempt(() => this.groups.invite(groupID, userIDs));
    if (!result.ok) {
      this.notifier.notify({ level: 'error', key: 'toast.inviteUserFailed' });
    }
    return result;
  }

  /** Kicks members; only strictly lower roles may be kicked (spec §5, §6). */
  async kick(groupID: string, userIDs: readonly string[]): Promise<Result<void, AppError>> {
    const members = await this.members(groupID, userIDs);
    if (!members.ok) {
      return members;
    }
    for (const target of members.value.targets) {
      const allowed = checkCanKick(members.value.self, target);
      if (!allowed.ok) {
        this.notifier.notify({ level: 'warning', key: allowed.error.i18nKey });
        return allowed;
      }
    }
    const result = await attempt(() => this.groups.kick(groupID, userIDs));
    this.notifier.notify(
      result.ok
        ? { level: 'success', key: 'toast.kickSuccess' }
        : { level: 'error', key: 'toast.kickFailed' },
    );
    return result;
  }

  /** Transfers ownership to one member (owner only). */
  async transfer(groupID: string, newOwnerUserID: string): Promise<Result<void, AppError>> {
    const members = await this.members(groupID, [newOwnerUserID]);
    if (!members.ok) {
      return members;
    }
    if (!canTransferGroup(members.value.self?.roleLevel)) {
      return err(permissionError('noPermission'));
    }
    return attempt(() => this.groups.transferOwner(groupID, newOwnerUserID));
  }

  /** Mutes a member for one of the fixed durations (spec §4 "Mute durations"). */
  async mute(groupID: string, userID: string, seconds: number | undefined): Promise<Result<void, AppError>> {
    const duration = validateMuteDuration(seconds);
    if (!duration.ok) {
      this.notifier.notify({ level: 'warning', key: duration.error.i18nKey });
      return duration;
    }
    return this.changeMute(groupID, userID, duration.value);
  }

  /** Unmutes a member: mutedSeconds 0 (spec §4). */
  async unmute(groupID: string, userID: string): Promise<Result<void, AppError>> {
    return this.changeMute(groupID, userID, 0);
  }

  private async changeMute(
    groupID: string,
    userID: string,
    seconds: number,
  ): Promise<Result<void, AppError>> {
    const members = await this.members(groupID, [userID]);
    if (!members.ok) {
      return members;
    }
    const target = members.value.targets[0];
    const allowed =
      target === undefined ? err(permissionError('notInGroup')) : checkCanMute(members.value.self, target);
    if (!allowed.ok) {
      this.notifier.notify({ level: 'warning', key: allowed.error.i18nKey });
      return allowed;
    }
    const result = await attempt(() => this.groups.muteMember(groupID, userID, seconds));
    const unmuting = seconds === 0;
    this.notifier.notify(
      result.ok
        ? { level: 'success', key: unmuting ? 'toast.unmuteSuccess' : 'toast.muteSuccess' }
        : { level: 'error', key: unmuting ? 'toast.unmuteFailed' : 'toast.muteFailed' },
    );
    return result;
  }

  /** Turns mute-all on or off (owner and admins). */
  async setMuteAll(groupID: string, muted: boolean): Promise<Result<void, AppError>> {
    const members = await this.members(groupID, []);
    if (!members.ok) {
      return members;
    }
    if (!canToggleMuteAll(members.value.self?.roleLevel)) {
      this.notifier.notify({ level: 'warning', key: 'permission.noPermission' });
      return err(permissionError('noPermission'));
    }
    return attempt(() => this.groups.setMuteAll(groupID, muted));
  }

  /** Leaves a group (everyone but the owner). */
  async quit(groupID: string): Promise<Result<void, AppError>> {
    const members = await this.members(groupID, []);
    if (!members.ok) {
      return members;
    }
    const allowed = checkCanExit(members.value.self?.roleLevel);
    if (!allowed.ok) {
      return allowed;
    }
    return attempt(() => this.groups.quit(groupID));
  }

  /** Disbands a group (owner only). */
  async disband(groupID: string): Promise<Result<void, AppError>> {
    const members = await this.members(groupID, []);
    if (!members.ok) {
      return members;
    }
    const allowed = checkCanDisband(members.value.self?.roleLevel);
    if (!allowed.ok) {
      return allowed;
    }
    return attempt(() => this.groups.dismiss(groupID));
  }

  /** Edits the group name and/or avatar (owner and admin). */
  async editGroupInfo(
    groupID: string,
    changes: { readonly groupName?: string; readonly avatar?: PickedFile },
  ): Promise<Result<void, AppError>> {
    const members = await this.members(groupID, []);
    if (!members.ok) {
      return members;
    }
    if (!canEditGroupInfo(members.value.self?.roleLevel)) {
      this.notifier.notify({ level: 'warning', key: 'permission.noPermission' });
      return err(permissionError('noPermission'));
    }
    const update: { groupName?: string; faceURL?: string } = {};
    if (changes.groupName !== undefined) {
      const name = validateGroupName(changes.groupName);
      if (!name.ok) {
        return name;
      }
      update.groupName = name.value;
    }
    if (changes.avatar !== undefined) {
      const uploaded = await this.uploadAvatar(changes.avatar);
      if (!uploaded.ok) {
        return uploaded;
      }
      update.faceURL = uploaded.value;
    }
    const result = await attempt(() => this.groups.setGroupInfo(groupID, update));
    if (!result.ok) {
      this.notifier.notify({ level: 'error', key: 'toast.updateGroupInfoFailed' });
    }
    return result;
  }

  // --- group administration: announcement, join settings, administrators ---

  /** Group and member changes as the SDK reports them, for the screens that show members. */
  get events$(): Observable<GroupEvent> {
    return this.groups.events$;
  }

  /** One page of a group's members in the server's order (spec §4 paging: 500 first, then 100). */
  membersPage(
    groupID: string,
    offset: number,
    count: number,
  ): Promise<Result<readonly GroupMember[], RemoteFailure>> {
    return attempt(() => this.groups.getMembersPage(groupID, offset, count));
  }

  /** Edits the announcement (owner and, by the strings, admin); members see the change. */
  async setAnnouncement(groupID: string, text: string): Promise<Result<void, AppError>> {
    return this.changeAsManager(groupID, canEditAnnouncement, { notification: text.trim() });
  }

  /** Join verification mode and the lookMemberInfo / applyMemberFriend switches (owner and admin). */
  async changeJoinSettings(
    groupID: string,
    changes: Pick<GroupInfoChanges, 'needVerification' | 'lookMemberInfo' | 'applyMemberFriend'>,
  ): Promise<Result<void, AppError>> {
    return this.changeAsManager(groupID, canEditGroupInfo, changes);
  }

  /** Makes a member an administrator or takes it back (owner only, never on the owner). */
  async setAdmin(groupID: string, userID: string, admin: boolean): Promise<Result<void, AppError>> {
    const members = await this.members(groupID, [userID]);
    if (!members.ok) return members;
    const target = members.value.targets[0];
    if (
      !canSetAdministrators(members.value.self?.roleLevel) ||
      target === undefined ||
      target.roleLevel === GroupMemberRole.Owner
    ) {
      this.notifier.notify({ level: 'warning', key: 'permission.noPermission' });
      return err(permissionError('noPermission'));
    }
    const role = admin ? GroupMemberRole.Admin : GroupMemberRole.Normal;
    const result = await attempt(() => this.groups.setMemberRole(groupID, userID, role));
    this.notifier.notify(
      result.ok
        ? { level: 'success', key: 'toast.accessSuccess' }
        : { level: 'error', key: 'toast.accessFailed' },
    );
    return result;
  }

  private async changeAsManager(
    groupID: string,
    may: (role: GroupMemberRole | undefined) => boolean,
    changes: GroupInfoChanges,
  ): Promise<Result<void, AppError>> {
    const members = await this.members(groupID, []);
    if (!members.ok) return members;
    if (!may(members.value.self?.roleLevel)) {
      this.notifier.notify({ level: 'warning', key: 'permission.noPermission' });
      return err(permissionError('noPermission'));
    }
    const result = await attempt(() => this.groups.setGroupInfo(groupID, changes));
    if (!result.ok) this.notifier.notify({ level: 'error', key: 'toast.updateGroupInfoFailed' });
    return result;
  }

  // --- end of group administration ---

  /** Checks, resizes to 400x400 webp q90 and uploads an avatar image (spec §5). */
  async uploadAvatar(file: PickedFile): Promise<Result<string, AppError>> {
    const accepted = validateAvatarFile({ name: file.name, type: file.mimeType });
    if (!accepted.ok) {
      return accepted;
    }
    const url = await attempt(async () => {
      const resized = await this.files.resizeImage(file, {
        maxWidth: AVATAR_UPLOAD.maxWidth,
        maxHeight: AVATAR_UPLOAD.maxHeight,
        format: 'webp',
        quality: AVATAR_UPLOAD.quality * 100,
      });
      return this.uploader.upload(resized);
    });
    if (!url.ok) {
      this.notifier.notify({ level: 'error', key: 'toast.updateAvatarFailed' });
    }
    return url;
  }

  /**
   * The first members of a group for the group card's avatar row (spec §2: 7, or 8 when the group has
   * exactly 8 members), in the server's member order.
   */
  async previewMembers(
    groupID: string,
    memberCount: number,
  ): Promise<Result<readonly GroupMember[], RemoteFailure>> {
    const count = groupCardAvatarCount(memberCount);
    if (count === 0) {
      return ok([]);
    }
    const page = await attempt(() => this.groups.getMembersPage(groupID, 0, count));
    return page.ok ? ok(page.value.slice(0, count)) : page;
  }

  private async members(
    groupID: string,
    targetIDs: readonly string[],
  ): Promise<Result<{ self: GroupMember | undefined; targets: readonly GroupMember[] }, RemoteFailure>> {
    const selfID = this.currentUser.id();
    const found = await attempt(() => this.groups.getMembers(groupID, [selfID, ...targetIDs]));
    if (!found.ok) {
      return found;
    }
    return ok({
      self: found.value.find((m) => m.userID === selfID),
      targets: targetIDs.flatMap((id) => found.value.filter((m) => m.userID === id)),
    });
  }

  /** It holds nothing of its own beyond the session's ports, so there is nothing to end. */
  dispose(): void {
    // Stateless: the scope calls it like every other session service's.
  }
}

function paramsOf(params: Readonly<Record<string, string | number>> | undefined): {
  params?: Readonly<Record<string, string | number>>;
} {
  return params === undefined ? {} : { params };
}
