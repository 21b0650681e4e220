import { distinctUntilChanged, map } from 'rxjs';
import type { ContactStore } from '../../contacts/contact.store';
import { StateViewModel } from '../view-model';
import { viewModelFactory } from '../view-model-factory';

/** The pages under /contact (spec §2), in the order of the sub-navigation. */
export type ContactSectionId =
  | 'myFriends'
  | 'myGroups'
  | 'newFriends'
  | 'groupNotifications'
  // The blacklist, which Account settings links to
  | 'blacklist';

export interface ContactNavItem {
  readonly id: ContactSectionId;
  /** The path under /contact ('' for my friends). */
  readonly path: string;
  /** Unhandled requests waiting on this page; 0 shows no badge. */
  readonly badge: number;
}

export interface ContactsPageState {
  readonly sections: readonly ContactNavItem[];
}

const PATHS: Record<ContactSectionId, string> = {
  myFriends: '',
  myGroups: 'myGroups',
  newFriends: 'newFriends',
  groupNotifications: 'groupNotifications',
  blacklist: 'blacklist',
};

const items = (friendBadge: number, groupBadge: number): readonly ContactNavItem[] =>
  (Object.keys(PATHS) as ContactSectionId[]).map((id) => ({
    id,
    path: PATHS[id],
    badge: id === 'newFriends' ? friendBadge : id === 'groupNotifications' ? groupBadge : 0,
  }));

/** The contacts screen's sub-navigation with the unhandled-request badges of new friends and group notifications. */
export class ContactsPageViewModel extends StateViewModel<ContactsPageState> {
  constructor(contacts: ContactStore) {
    const { unHandleFriendApplicationCount, unHandleGroupApplicationCount } = contacts.snapshot;
    super({ sections: items(unHandleFriendApplicationCount, unHandleGroupApplicationCount) });
    this.own(
      contacts.state$
        .pipe(
          map((s) => [s.unHandleFriendApplicationCount, s.unHandleGroupApplicationCount] as const),
          distinctUntilChanged((a, b) => a[0] === b[0] && a[1] === b[1]),
        )
        .subscribe(([friends, groups]) => this.set({ sections: items(friends, groups) })),
    );
  }
}

/** Built by `SessionViewModels.build`; its views import it, so this view model loads with them. */
export const contactsPageViewModel = viewModelFactory((s) => new ContactsPageViewModel(s.contacts));
