import { combineLatest, filter } from 'rxjs';
import {
  canEditAnnouncement,
  canEditGroupInfo,
  canToggleMuteAll,
  canTransferGroup,
  err,
  GroupAllowType,
  GroupVerification,
  hasMorePages,
  isAdminOrOwner,
  isGroupMutedForAll,
  leaveGroupAction,
  memberPreviewCount,
  MUTE_DURATION_OPTIONS,
  ok,
  PAGING,
  TEXT_LIMITS,
  type Group,
  type DisplayText,
  type GroupMember,
  type MuteDurationOption,
  type Result,
} from '@teamim/domain';
import type { ConversationStore } from '../../conversations/conversation.store';
import type { GroupActions } from '../../groups/group-actions';
import type { Clock } from '../../ports/clock.port';
import type { PickedFile } from '../../ports/file-processor.port';
import type { GroupEvent } from '../../ports/groups.port';
import type { CurrentUser } from '../../session/current-user';
import { stateFailure, type AppError } from '../../shared/app-error';
import { now$ } from '../chat/conversation-list.view-model';
import { errorText } from '../contacts/error-text';
import { StateViewModel } from '../view-model';
import { applyMemberChange, filterMembers, memberRow, type MemberRow } from './member-rows';
import { viewModelFactory } from '../view-model-factory';

export interface GroupPermissions {
  /** Name and avatar (owner and admin). */
  readonly editInfo: boolean;
  readonly editAnnouncement: boolean;
  readonly muteAll: boolean;
  /** Join verification mode, lookMemberInfo and applyMemberFriend (owner and admin). */
  readonly joinSettings: boolean;
  readonly transfer: boolean;
  /** The remove tile of the member grid (owner and admin). */
  readonly kick: boolean;
}

export interface GroupSettingsState {
  /** 'left': the user is no longer a member (kicked, quit, dismissed): the drawer has nothing to manage. */
  readonly status: 'loading' | 'ready' | 'left';
  readonly groupID: string;
  readonly name: string;
  readonly faceURL: string;
  readonly memberCount: number;
  readonly announcement: string;
  readonly muteAll: boolean;
  readonly verification: GroupVerification;
  readonly lookMemberInfo: boolean;
  readonly applyMemberFriend: boolean;
  readonly can: GroupPermissions;
  /** The owner disbands; everyone else exits. */
  readonly leave: 'disband' | 'exit';
  readonly nameMax: number;
  /** The member grid: 17 for normal members, 16 for admin or owner (spec §2). */
  readonly preview: readonly MemberRow[];
  /** The members view, filtered by `query`. */
  readonly members: readonly MemberRow[];
  readonly query: string;
  readonly hasMoreMembers: boolean;
  readonly loadingMembers: boolean;
  readonly muteOptions: readonly MuteDurationOption[];
  readonly busy: boolean;
  /** Why the last rename was refused (empty or too long), shown under the name editor. */
  readonly nameError: DisplayText | undefined;
}

const nobody: GroupPermissions = {
  editInfo: false,
  editAnnouncement: false,
  muteAll: false,
  joinSettings: false,
  transfer: false,
  kick: false,
};

/** The three join verification modes in the order the drawer offers them. */
export const VERIFICATION_MODES: readonly GroupVerification[] = [
  GroupVerification.AllNot,
  GroupVerification.ApplyNeedInviteNot,
  GroupVerification.AllNeed,
];

/**
 * The group settings drawer (spec §2 views settings, members and search; §6 permissions): the group's
 * info, its members with badges and the actions the own role allows, all checked again by GroupActions.
 */
export class GroupSettingsViewModel extends StateViewModel<GroupSettingsState> {
  private group: Group | undefined;
  private loaded: readonly GroupMember[] = [];
  /** The own membership arrived while a read of the members was under way: read again if it found none. */
  private readAgain = false;
  private nowMs: number;
  private rows:
    | {
        readonly loaded: readonly GroupMember[];
        readonly self: GroupMember | undefined;
        readonly group: Group | undefined;
        readonly nowMs: number;
        readonly rows: readonly MemberRow[];
      }
    | undefined;

  constructor(
    readonly groupID: string,
    private readonly conversations: ConversationStore,
    private readonly groupActions: GroupActions,
    private readonly currentUser: CurrentUser,
    clock: Clock,
  ) {
    super({
      status: 'loading',
      groupID,
      name: '',
      faceURL: '',
      memberCount: 0,
      announcement: '',
      muteAll: false,
      verification: GroupVerification.ApplyNeedInviteNot,
      lookMemberInfo: true,
      applyMemberFriend: true,
      can: nobody,
      leave: 'exit',
      nameMax: TEXT_LIMITS.groupName,
      preview: [],
      members: [],
      query: '',
      hasMoreMembers: false,
      loadingMembers: false,
      muteOptions: MUTE_DURATION_OPTIONS,
      busy: false,
      nameError: undefined,
    });
    this.nowMs = clock.now();
    this.own(
      // The own membership too: a group opened during the first sync gets it only once the SDK has it.
      combineLatest([conversations.currentGroup$, conversations.currentMember$, now$(clock)]).subscribe(
        ([group, member, nowMs]) => {
          this.nowMs = nowMs;
          if (group?.groupID === groupID) this.group = group;
          this.render();
          // Members read before the SDK had the group came back empty: read them once it has.
          if (member?.groupID === groupID) this.readIfNoneLoaded();
        },
      ),
    );
    this.own(
      groupActions.events$
        .pipe(filter((event) => groupOf(event) === groupID))
        .subscribe((event) => this.onEvent(event)),
    );
    void this.loadMembers();
  }

  /**
   * The SDK has the group (the own membership came): reads the members if none came back so far. A read
   * still under way may have been asked before the SDK had them and answer empty: then it is read again.
   */
  private readIfNoneLoaded(): void {
    if (this.loaded.length > 0) return;
    if (this.state.loadingMembers) this.readAgain = true;
    else void this.loadMembers();
  }

  private get selfID(): string {
    return this.currentUser.id();
  }

  private get self(): GroupMember | undefined {
    return (
      this.loaded.find((m) => m.userID === this.selfID) ??
      (this.conversations.currentMemberInfo?.groupID === this.groupID
        ? this.conversations.currentMemberInfo
        : undefined)
    );
  }

  private onEvent(event: GroupEvent): void {
    switch (event.type) {
      case 'groupInfoChanged':
        this.group = event.group;
        break;
      case 'memberAdded':
        this.loaded = applyMemberChange(this.loaded, 'added', event.member);
        break;
      case 'memberInfoChanged':
        this.loaded = applyMemberChange(this.loaded, 'changed', event.member);
        break;
      case 'memberDeleted':
        this.loaded = applyMemberChange(this.loaded, 'deleted', event.member);
        break;
      case 'joinedGroupDeleted':
      case 'groupDismissed':
        this.patch({ status: 'left' });
        return;
      default:
        return;
    }
    if (event.type === 'memberDeleted' && event.member.userID === this.selfID) {
      this.patch({ status: 'left' });
      return;
    }
    this.render();
  }

  private render(change: Partial<GroupSettingsState> = {}): void {
    if (this.state.status === 'left') return;
    const group = this.group;
    const self = this.self;
    const role = self?.roleLevel;
    const rows = this.memberRows(self, group);
    this.patch({
      ...change,
      status: group === undefined || self === undefined ? 'loading' : 'ready',
      name: group?.groupName ?? '',
      faceURL: group?.faceURL ?? '',
      memberCount: group?.memberCount ?? this.loaded.length,
      announcement: group?.notification ?? '',
      muteAll: group !== undefined && isGroupMutedForAll(group),
      verification: group?.needVerification ?? GroupVerification.ApplyNeedInviteNot,
      lookMemberInfo: group?.lookMemberInfo !== GroupAllowType.NotAllowed,
      applyMemberFriend: group?.applyMemberFriend !== GroupAllowType.NotAllowed,
      can: {
        editInfo: canEditGroupInfo(role),
        editAnnouncement: canEditAnnouncement(role),
        muteAll: canToggleMuteAll(role),
        joinSettings: canEditGroupInfo(role),
        transfer: canTransferGroup(role),
        kick: isAdminOrOwner(role),
      },
      leave: leaveGroupAction(role),
      preview: rows.slice(0, memberPreviewCount(role)),
      members: filterMembers(rows, change.query ?? this.state.query),
    });
  }

  /**
   * The rows of the loaded members, mapped again only when the members, the own membership, the group
   * or the clock changed: a search over 2,000 members filters them and keeps every row object, so the
   * view's memoized rows do not render again.
   */
  private memberRows(self: GroupMember | undefined, group: Group | undefined): readonly MemberRow[] {
    const cached = this.rows;
    const { loaded, nowMs } = this;
    if (
      cached !== undefined &&
      cached.loaded === loaded &&
      cached.self === self &&
      cached.group === group &&
      cached.nowMs === nowMs
    ) {
      return cached.rows;
    }
    const context = { self, group, nowMs };
    const rows = loaded.map((member) => memberRow(member, context));
    this.rows = { loaded, self, group, nowMs, rows };
    return rows;
  }

  /** The next page of members: 500 first, then 100, while a full page came back (spec §4). */
  async loadMembers(): Promise<Result<void, AppError>> {
    if (this.state.loadingMembers) return err(stateFailure('busy'));
    const first = this.loaded.length === 0;
    const count = first ? PAGING.groupMemberFirst : PAGING.groupMemberNext;
    this.patch({ loadingMembers: true });
    const page = await this.groupActions.membersPage(this.groupID, this.loaded.length, count);
    if (page.ok) {
      const known = new Set(this.loaded.map((m) => m.userID));
      this.loaded = [...this.loaded, ...page.value.filter((m) => !known.has(m.userID))];
      this.patch({ loadingMembers: false, hasMoreMembers: hasMorePages(page.value.length, count) });
      this.render();
    } else {
      this.patch({ loadingMembers: false });
    }
    if (this.readAgain) {
      this.readAgain = false;
      this.readIfNoneLoaded();
    }
    return page.ok ? ok(undefined) : page;
  }

  /** The members view's search: by name or id, over the members loaded so far. */
  search(query: string): void {
    // One emission per keystroke: the query and its filtered rows together.
    if (this.state.status === 'left') this.patch({ query });
    else this.render({ query });
  }

  private async run(action: () => Promise<Result<void, AppError>>): Promise<Result<void, AppError>> {
    this.patch({ busy: true });
    const result = await action();
    this.patch({ busy: false });
    return result;
  }

  async rename(name: string): Promise<Result<void, AppError>> {
    this.patch({ nameError: undefined });
    if (name.trim() === this.state.name) return ok(undefined);
    const renamed = await this.run(() => this.groupActions.editGroupInfo(this.groupID, { groupName: name }));
    if (!renamed.ok && renamed.error.kind === 'validation')
      this.patch({ nameError: errorText(renamed.error) });
    return renamed;
  }

  /** Leaving the name editor forgets its error. */
  cancelRename(): void {
    this.patch({ nameError: undefined });
  }

  changeAvatar(file: PickedFile): Promise<Result<void, AppError>> {
    return this.run(() => this.groupActions.editGroupInfo(this.groupID, { avatar: file }));
  }

  setAnnouncement(text: string): Promise<Result<void, AppError>> {
    return this.run(() => this.groupActions.setAnnouncement(this.groupID, text));
  }

  setMuteAll(muted: boolean): Promise<Result<void, AppError>> {
    return this.run(() => this.groupActions.setMuteAll(this.groupID, muted));
  }

  setVerification(mode: GroupVerification): Promise<Result<void, AppError>> {
    return this.run(() => this.groupActions.changeJoinSettings(this.groupID, { needVerification: mode }));
  }

  setLookMemberInfo(allowed: boolean): Promise<Result<void, AppError>> {
    const lookMemberInfo = allowed ? GroupAllowType.Allowed : GroupAllowType.NotAllowed;
    return this.run(() => this.groupActions.changeJoinSettings(this.groupID, { lookMemberInfo }));
  }

  setApplyMemberFriend(allowed: boolean): Promise<Result<void, AppError>> {
    const applyMemberFriend = allowed ? GroupAllowType.Allowed : GroupAllowType.NotAllowed;
    return this.run(() => this.groupActions.changeJoinSettings(this.groupID, { applyMemberFriend }));
  }

  mute(userID: string, seconds: number | undefined): Promise<Result<void, AppError>> {
    return this.run(() => this.groupActions.mute(this.groupID, userID, seconds));
  }

  unmute(userID: string): Promise<Result<void, AppError>> {
    return this.run(() => this.groupActions.unmute(this.groupID, userID));
  }

  kick(userID: string): Promise<Result<void, AppError>> {
    return this.run(() => this.groupActions.kick(this.groupID, [userID]));
  }

  setAdmin(userID: string, admin: boolean): Promise<Result<void, AppError>> {
    return this.run(() => this.groupActions.setAdmin(this.groupID, userID, admin));
  }

  /** Disbands (owner) or exits (everyone else). */
  leave(): Promise<Result<void, AppError>> {
    return this.run(() =>
      this.state.leave === 'disband'
        ? this.groupActions.disband(this.groupID)
        : this.groupActions.quit(this.groupID),
    );
  }

  /** The group context a member's card needs (lookMemberInfo, applyMemberFriend). */
  cardContext(): Pick<Group, 'lookMemberInfo' | 'applyMemberFriend'> | undefined {
    const group = this.group;
    if (group === undefined) return undefined;
    // Managers see cards even where members may not; the card's own rule would hide them.
    return isAdminOrOwner(this.self?.roleLevel)
      ? { lookMemberInfo: GroupAllowType.Allowed, applyMemberFriend: group.applyMemberFriend }
      : { lookMemberInfo: group.lookMemberInfo, applyMemberFriend: group.applyMemberFriend };
  }
}

function groupOf(event: GroupEvent): string | undefined {
  if ('group' in event) return event.group.groupID;
  if ('member' in event) return event.member.groupID;
  return undefined;
}

/** Built by `SessionViewModels.build`; its views import it, so this view model loads with them. */
export const groupSettingsViewModel = viewModelFactory(
  (s, groupID: string) =>
    new GroupSettingsViewModel(groupID, s.conversations, s.groupActions, s.currentUser, s.clock),
);
