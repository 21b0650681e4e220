import type { Subscription } from 'rxjs';
import { BehaviorSubject, timer, type Observable } from 'rxjs';
import {
  checkCanSelectMore,
  checkPickerConfirm,
  err,
  hasMorePages,
  isPickerEntryDisabled,
  ok,
  PAGING,
  PickerMode,
  TIMINGS_MS,
  type GroupMember,
  type Result,
} from '@teamim/domain';
import type { ContactStore } from '../contacts/contact.store';
import type { Clock } from '../ports/clock.port';
import type { GroupsGateway } from '../ports/groups.port';
import type { Notifier } from '../ports/notifier.port';
import type { AppError } from '../shared/app-error';
import { stateFailure } from '../shared/app-error';
import { attempt } from '../shared/remote-error';
import type { CurrentUser } from '../session/current-user';
import type { CreateGroupOutcome, GroupActions } from './group-actions';
import type { PickedFile } from '../ports/file-processor.port';

/** Something that can be picked: a user (friend or member). */
export interface PickerItem {
  readonly id: string;
  readonly name: string;
  readonly faceURL: string;
  readonly roleLevel?: GroupMember['roleLevel'];
}

export interface PickerState {
  readonly open: boolean;
  readonly mode: PickerMode;
  readonly groupID: string;
  readonly selected: readonly PickerItem[];
  /** Group members shown in the left pane (kick, transfer). */
  readonly members: readonly PickerItem[];
  readonly hasMoreMembers: boolean;
  /** Ids that cannot be picked in this mode (spec §5 "Disabled picker entries"). */
  readonly disabledIDs: ReadonlySet<string>;
  readonly groupName: string;
  readonly avatar: PickedFile | undefined;
}

const closed: PickerState = {
  open: false,
  mode: PickerMode.SelectUser,
  groupID: '',
  selected: [],
  members: [],
  hasMoreMembers: false,
  disabledIDs: new Set(),
  groupName: '',
  avatar: undefined,
};

export interface OpenPickerOptions {
  readonly mode: PickerMode;
  readonly groupID?: string;
  /** Entries selected when the picker opens (create group: the previous selection; select user: the given list). */
  readonly preselected?: readonly PickerItem[];
}

export type PickerOutcome =
  | { readonly kind: 'created'; readonly outcome: CreateGroupOutcome }
  | { readonly kind: 'done' }
  | { readonly kind: 'selected'; readonly items: readonly PickerItem[] };

/**
 * The member-picker modal (spec §2, §4): modes, disabled entries, preload after 100 ms, member paging
 * (500 then 100), single selection for transfer, and confirm dispatching the group action.
 */
export class MemberPickerStore {
  private readonly state = new BehaviorSubject<PickerState>(closed);
  private preload: Subscription | undefined;
  readonly state$: Observable<PickerState> = this.state.asObservable();

  constructor(
    private readonly groups: GroupsGateway,
    private readonly contacts: ContactStore,
    private readonly currentUser: CurrentUser,
    private readonly actions: GroupActions,
    private readonly clock: Clock,
    private readonly notifier: Notifier,
  ) {}

  get snapshot(): PickerState {
    return this.state.value;
  }

  private patch(change: Partial<PickerState>): void {
    this.state.next({ ...this.state.value, ...change });
  }

  /** Opens the picker; the preselection is applied 100 ms later, as in the product. */
  async open(options: OpenPickerOptions): Promise<Result<void, AppError>> {
    this.preload?.unsubscribe();
    this.state.next({ ...closed, open: true, mode: options.mode, groupID: options.groupID ?? '' });
    const preselected = options.preselected ?? [];
    if (preselected.length > 0) {
      this.preload = timer(TIMINGS_MS.pickerPreloadDelay, this.clock.scheduler).subscribe(() => {
        this.patch({ selected: preselected });
      });
    }
    const groupID = options.groupID ?? '';
    if (options.mode === PickerMode.InviteToGroup) {
      const friendIDs = this.contacts.snapshot.friendList.map((f) => f.userID);
      const existing = await attempt(() => this.groups.getUsersInGroup(groupID, friendIDs));
      if (!existing.ok) {
        return existing;
      }
      this.patch({ disabledIDs: new Set(existing.value) });
      return ok(undefined);
    }
    if (options.mode === PickerMode.KickFromGroup || options.mode === PickerMode.TransferInGroup) {
      return this.loadMembers();
    }
    return ok(undefined);
  }

  /** Loads the next page of members: 500 first, then 100; more while a full page came back. */
  async loadMembers(): Promise<Result<void, AppError>> {
    const { groupID, members } = this.state.value;
    const count = members.length === 0 ? PAGING.groupMemberFirst : PAGING.groupMemberNext;
    const page = await attempt(() => this.groups.getMembersPage(groupID, members.length, count));
    if (!page.ok) {
      this.notifier.notify({ level: 'error', key: 'toast.getGroupMemberFailed' });
      return page;
    }
    const all = [
      ...members,
      ...page.value.map((m) => ({
        id: m.userID,
        name: m.nickname,
        faceURL: m.faceURL,
        roleLevel: m.roleLevel,
      })),
    ];
    const self = all.find((m) => m.id === this.currentUser.id());
    const context = {
      mode: this.state.value.mode,
      selfUserID: this.currentUser.id(),
      ...(self?.roleLevel === undefined ? {} : { selfRoleLevel: self.roleLevel }),
    };
    const disabledIDs = new Set(all.filter((m) => isPickerEntryDisabled(m, context)).map((m) => m.id));
    this.patch({ members: all, hasMoreMembers: hasMorePages(page.value.length, count), disabledIDs });
    return ok(undefined);
  }

  /**
   * Another group's members, browsed from "my groups" (invite, create group, select user). In invite
   * mode those already in the target group are disabled, as friends are.
   */
  async browseGroup(browsedGroupID: string): Promise<Result<readonly PickerItem[], AppError>> {
    const page = await attempt(() => this.groups.getMembersPage(browsedGroupID, 0, PAGING.groupMemberFirst));
    if (!page.ok) {
      this.notifier.notify({ level: 'error', key: 'toast.getGroupMemberFailed' });
      return page;
    }
    const items = page.value.map((m) => ({ id: m.userID, name: m.nickname, faceURL: m.faceURL }));
    const { mode, groupID } = this.state.value;
    if (mode === PickerMode.InviteToGroup && items.length > 0) {
      const existing = await attempt(() =>
        this.groups.getUsersInGroup(
          groupID,
          items.map((i) => i.id),
        ),
      );
      if (existing.ok) {
        this.patch({ disabledIDs: new Set([...this.state.value.disabledIDs, ...existing.value]) });
      }
    }
    return ok(items);
  }

  /** Clicking an entry toggles it; disabled entries are ignored; transfer allows one selection. */
  toggle(item: PickerItem): Result<void, AppError> {
    const { selected, disabledIDs, mode } = this.state.value;
    if (disabledIDs.has(item.id)) {
      return err(stateFailure('entry is disabled'));
    }
    if (selected.some((s) => s.id === item.id)) {
      this.patch({ selected: selected.filter((s) => s.id !== item.id) });
      return ok(undefined);
    }
    const more = checkCanSelectMore(mode, selected.length);
    if (!more.ok) {
      this.notifier.notify({ level: 'warning', key: more.error.i18nKey });
      return more;
    }
    this.patch({ selected: [...selected, item] });
    return ok(undefined);
  }

  setGroupName(name: string): void {
    this.patch({ groupName: name });
  }

  setAvatar(file: PickedFile | undefined): void {
    this.patch({ avatar: file });
  }

  /**
   * Confirms: validates the selection, runs the mode's action and closes in every case
   * (spec §4: after any group action the dialog closes).
   */
  async confirm(): Promise<Result<PickerOutcome, AppError>> {
    const { mode, selected, groupID, groupName, avatar } = this.state.value;
    const valid = checkPickerConfirm(mode, selected.length);
    if (!valid.ok) {
      this.notifier.notify({ level: 'warning', key: valid.error.i18nKey });
      return valid;
    }
    const ids = selected.map((s) => s.id);
    switch (mode) {
      case PickerMode.CreateGroup: {
        const created = await this.actions.createGroup({
          groupName,
          selectedUserIDs: ids,
          ...(avatar === undefined ? {} : { avatar }),
        });
        // Validation failures keep the dialog open so the user can fix the name or selection.
        if (!created.ok) {
          if (created.error.kind !== 'validation') {
            this.close();
          }
          return created;
        }
        this.close();
        return ok({ kind: 'created', outcome: created.value });
      }
      case PickerMode.SelectUser:
        this.close();
        return ok({ kind: 'selected', items: selected });
      default: {
        const result =
          mode === PickerMode.InviteToGroup
            ? await this.actions.invite(groupID, ids)
            : mode === PickerMode.KickFromGroup
              ? await this.actions.kick(groupID, ids)
              : await this.actions.transfer(groupID, ids[0] ?? '');
        this.close();
        return result.ok ? ok({ kind: 'done' }) : result;
      }
    }
  }

  /** Closing resets the selection, group name and avatar. */
  close(): void {
    this.preload?.unsubscribe();
    this.state.next(closed);
  }

  dispose(): void {
    this.preload?.unsubscribe();
    this.state.complete();
  }
}
