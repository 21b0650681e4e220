import { friendDisplayName, type Friend } from '@teamim/domain';
import type { ContactStore } from '../../contacts/contact.store';
import { StateViewModel } from '../view-model';
import { groupByIndexLetter, type IndexLetter } from './friend-index';

/** A friend as a list row shows it: the one display name (remark, else nickname, else id) and the avatar. */
export interface FriendRowItem {
  readonly userID: string;
  readonly name: string;
  readonly faceURL: string;
  /** The friend itself, for opening the user card. */
  readonly friend: Friend;
}

export interface FriendSection {
  readonly letter: IndexLetter;
  readonly friends: readonly FriendRowItem[];
}

/** A flat list for a virtualized view: a header row per section followed by its friends. */
export type FriendListRow =
  | { readonly kind: 'header'; readonly letter: IndexLetter }
  | { readonly kind: 'friend'; readonly item: FriendRowItem };

export interface FriendListState {
  readonly sections: readonly FriendSection[];
  readonly rows: readonly FriendListRow[];
  /** Row index of each section's header, for the letter index's jumps. */
  readonly headerIndex: Readonly<Partial<Record<IndexLetter, number>>>;
  readonly empty: boolean;
}

/** Friends grouped under their index letter (Chinese names by pinyin initial), sections A–Z with '#' last. */
export function friendListState(friends: readonly Friend[]): FriendListState {
  const items = friends.map((friend) => ({
    userID: friend.userID,
    name: friendDisplayName(friend),
    faceURL: friend.faceURL,
    friend,
  }));
  const grouped = groupByIndexLetter(
    items,
    (item) => item.name,
    (item) => item.userID,
  );
  const sections = grouped.map((section) => ({ letter: section.letter, friends: section.items }));
  const rows: FriendListRow[] = [];
  const headerIndex: Partial<Record<IndexLetter, number>> = {};
  for (const section of sections) {
    headerIndex[section.letter] = rows.length;
    rows.push({ kind: 'header', letter: section.letter });
    for (const item of section.friends) rows.push({ kind: 'friend', item });
  }
  return { sections, rows, headerIndex, empty: friends.length === 0 };
}

/** My friends (spec §2): the grouped, index-lettered list, following the contact store. */
export class FriendListViewModel extends StateViewModel<FriendListState> {
  constructor(contacts: ContactStore) {
    super(friendListState(contacts.snapshot.friendList));
    this.own(contacts.friendList$.subscribe((friends) => this.set(friendListState(friends))));
  }
}
