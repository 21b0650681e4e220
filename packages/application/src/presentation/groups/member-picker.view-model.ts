import { combineLatest } from 'rxjs';
import { friendDisplayName, ok, PickerMode, TEXT_LIMITS, type Result } from '@teamim/domain';
import type { ContactStore } from '../../contacts/contact.store';
import type {
  MemberPickerStore,
  OpenPickerOptions,
  PickerItem,
  PickerOutcome,
} from '../../groups/member-picker.store';
import type { PickedFile } from '../../ports/file-processor.port';
import type { CurrentUser } from '../../session/current-user';
import type { AppError } from '../../shared/app-error';
import { StateViewModel } from '../view-model';
import { viewModelFactory } from '../view-model-factory';

/** An entry of the left pane: a pickable user, or a group to open. */
export type PickerRow =
  | {
      readonly kind: 'user';
      readonly item: PickerItem;
      readonly selected: boolean;
      readonly disabled: boolean;
    }
  | { readonly kind: 'group'; readonly groupID: string; readonly name: string; readonly faceURL: string };

/** Where the left pane is: the contacts root menu, my friends, my groups, one of my groups' members. */
export type PickerPlace =
  | { readonly kind: 'root' }
  | { readonly kind: 'friends' }
  | { readonly kind: 'groups' }
  | { readonly kind: 'group'; readonly groupID: string; readonly name: string }
  /** Kick and transfer: the current group's members, no breadcrumb. */
  | { readonly kind: 'members' };

export interface MemberPickerViewState {
  readonly mode: PickerMode;
  readonly open: boolean;
  readonly place: PickerPlace;
  readonly rows: readonly PickerRow[];
  readonly selected: readonly PickerItem[];
  readonly hasMoreMembers: boolean;
  /** Create group: the name (max 16) and the chosen avatar's file name. */
  readonly showGroupFields: boolean;
  readonly groupName: string;
  readonly groupNameMax: number;
  readonly avatarName: string | undefined;
  readonly busy: boolean;
}

/**
 * The member picker (spec §2 modal, §4 and §5 rules), over the MemberPickerStore that owns selection,
 * disabled entries, paging and the confirm actions. This adds the left pane's places: my friends and
 * my groups with a breadcrumb back to the contacts root, or the group's members for kick and transfer.
 */
export class MemberPickerViewModel extends StateViewModel<MemberPickerViewState> {
  private browsed: readonly PickerItem[] = [];

  constructor(
    readonly options: OpenPickerOptions,
    private readonly memberPicker: MemberPickerStore,
    private readonly contacts: ContactStore,
    private readonly currentUser: CurrentUser,
  ) {
    const membersMode =
      options.mode === PickerMode.KickFromGroup || options.mode === PickerMode.TransferInGroup;
    super({
      mode: options.mode,
      open: true,
      place: membersMode ? { kind: 'members' } : { kind: 'root' },
      rows: [],
      selected: [],
      hasMoreMembers: false,
      showGroupFields: options.mode === PickerMode.CreateGroup,
      groupName: '',
      groupNameMax: TEXT_LIMITS.groupName,
      avatarName: undefined,
      busy: false,
    });
    this.own(
      combineLatest([memberPicker.state$, contacts.friendList$, contacts.groupList$]).subscribe(() =>
        this.render(),
      ),
    );
    void memberPicker.open(options);
  }

  private render(): void {
    const store = this.memberPicker.snapshot;
    const contacts = this.contacts.snapshot;
    const place = this.state.place;
    const selfID = this.currentUser.id();
    const row = (item: PickerItem): PickerRow => ({
      kind: 'user',
      item,
      selected: store.selected.some((s) => s.id === item.id),
      // Nobody picks themselves to invite, add to a new group or hand a group to.
      disabled: store.disabledIDs.has(item.id) || item.id === selfID,
    });
    let rows: readonly PickerRow[] = [];
    if (place.kind === 'members') rows = store.members.map(row);
    else if (place.kind === 'friends')
      rows = contacts.friendList.map((f) =>
        row({ id: f.userID, name: friendDisplayName(f), faceURL: f.faceURL }),
      );
    else if (place.kind === 'groups')
      rows = contacts.groupList
        .filter((g) => g.groupID !== this.options.groupID)
        .map((g) => ({ kind: 'group', groupID: g.groupID, name: g.groupName, faceURL: g.faceURL }));
    else if (place.kind === 'group') rows = this.browsed.map(row);
    this.patch({
      open: store.open,
      rows,
      selected: store.selected,
      hasMoreMembers: store.hasMoreMembers,
      groupName: store.groupName,
      avatarName: store.avatar?.name,
    });
  }

  /** Moves the left pane (breadcrumb and menu); a group loads its members. */
  async go(place: PickerPlace): Promise<Result<void, AppError>> {
    this.browsed = [];
    this.patch({ place });
    this.render();
    if (place.kind !== 'group') return ok(undefined);
    const members = await this.memberPicker.browseGroup(place.groupID);
    if (!members.ok) return members;
    if (this.state.place.kind === 'group' && this.state.place.groupID === place.groupID) {
      this.browsed = members.value;
      this.render();
    }
    return ok(undefined);
  }

  /** Clicking an entry (left or right pane) toggles it; transfer takes one (beyond-selection-limit). */
  toggle(item: PickerItem): Result<void, AppError> {
    return this.memberPicker.toggle(item);
  }

  loadMoreMembers(): Promise<Result<void, AppError>> {
    return this.memberPicker.loadMembers();
  }

  setGroupName(name: string): void {
    this.memberPicker.setGroupName([...name].slice(0, TEXT_LIMITS.groupName).join(''));
  }

  setAvatar(file: PickedFile | undefined): void {
    this.memberPicker.setAvatar(file);
  }

  /** Confirms; the store closes the picker after every group action (spec §4). */
  async confirm(): Promise<Result<PickerOutcome, AppError>> {
    this.patch({ busy: true });
    const result = await this.memberPicker.confirm();
    this.patch({ busy: false });
    return result;
  }

  override dispose(): void {
    // Closing resets the selection, group name and avatar (spec §4).
    if (!this.disposed) this.memberPicker.close();
    super.dispose();
  }
}

/** Built by `SessionViewModels.build`; its views import it, so this view model loads with them. */
export const memberPickerViewModel = viewModelFactory(
  (s, options: OpenPickerOptions) =>
    new MemberPickerViewModel(options, s.memberPicker, s.contacts, s.currentUser),
);
