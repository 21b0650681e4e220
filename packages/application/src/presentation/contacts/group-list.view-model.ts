import { groupDisplayName, type Group } from '@teamim/domain';
import type { ContactStore } from '../../contacts/contact.store';
import { StateViewModel } from '../view-model';
import { viewModelFactory } from '../view-model-factory';

export interface GroupRowItem {
  readonly groupID: string;
  readonly name: string;
  readonly faceURL: string;
  readonly memberCount: number;
  /** The group itself, for opening the group card. */
  readonly group: Group;
}

export interface GroupListState {
  readonly groups: readonly GroupRowItem[];
}

const rowOf = (group: Group): GroupRowItem => ({
  groupID: group.groupID,
  name: groupDisplayName(group),
  faceURL: group.faceURL,
  memberCount: group.memberCount,
  group,
});

/** My groups (spec §2): the joined groups in the store's order. */
export class GroupListViewModel extends StateViewModel<GroupListState> {
  constructor(contacts: ContactStore) {
    super({ groups: contacts.snapshot.groupList.map(rowOf) });
    this.own(contacts.groupList$.subscribe((groups) => this.set({ groups: groups.map(rowOf) })));
  }
}

/** Built by `SessionViewModels.build`; its views import it, so this view model loads with them. */
export const groupListViewModel = viewModelFactory((s) => new GroupListViewModel(s.contacts));
