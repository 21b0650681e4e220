import { err, ok, TEXT_LIMITS, type DisplayText, type Result } from '@teamim/domain';
import type { ContactStore } from '../../contacts/contact.store';
import type { GroupActions } from '../../groups/group-actions';
import type { AppError } from '../../shared/app-error';
import { stateFailure } from '../../shared/app-error';
import { StateViewModel } from '../view-model';
import { errorText } from './error-text';
import { friendListState } from './friend-list.view-model';

export interface CreateGroupChoice {
  readonly userID: string;
  readonly name: string;
  readonly faceURL: string;
  readonly selected: boolean;
}

export interface CreateGroupState {
  readonly name: string;
  readonly nameMax: number;
  /** Friends in the friend list's order (by index letter). */
  readonly friends: readonly CreateGroupChoice[];
  readonly selectedCount: number;
  readonly busy: boolean;
  readonly error: DisplayText | undefined;
}

/**
 * The create-group modal: a group name (max 16) and friends to add. The rules (name required, more
 * than one member; one member opens a single chat) are GroupActions'.
 */
export class CreateGroupViewModel extends StateViewModel<CreateGroupState> {
  private selected = new Set<string>();

  constructor(
    private readonly contacts: ContactStore,
    private readonly groupActions: GroupActions,
  ) {
    super({
      name: '',
      nameMax: TEXT_LIMITS.groupName,
      friends: [],
      selectedCount: 0,
      busy: false,
      error: undefined,
    });
    this.own(contacts.friendList$.subscribe(() => this.render()));
  }

  private render(): void {
    const rows = friendListState(this.contacts.snapshot.friendList).rows;
    const friends = rows.flatMap((row) =>
      row.kind === 'friend'
        ? [
            {
              userID: row.item.userID,
              name: row.item.name,
              faceURL: row.item.faceURL,
              selected: this.selected.has(row.item.userID),
            },
          ]
        : [],
    );
    this.patch({ friends, selectedCount: friends.filter((f) => f.selected).length });
  }

  setName(name: string): void {
    this.patch({ name: [...name].slice(0, TEXT_LIMITS.groupName).join(''), error: undefined });
  }

  toggle(userID: string, selected: boolean): void {
    if (selected) this.selected.add(userID);
    else this.selected.delete(userID);
    this.render();
  }

  /** Creates the group (or opens the single chat for one friend); resolves the conversation id to open. */
  async create(): Promise<Result<string, AppError>> {
    if (this.state.busy) return err(stateFailure('busy'));
    this.patch({ busy: true, error: undefined });
    const created = await this.groupActions.createGroup({
      groupName: this.state.name,
      selectedUserIDs: this.state.friends.filter((f) => f.selected).map((f) => f.userID),
    });
    this.patch({ busy: false, error: created.ok ? undefined : errorText(created.error) });
    return created.ok ? ok(created.value.conversation.conversationID) : created;
  }
}
