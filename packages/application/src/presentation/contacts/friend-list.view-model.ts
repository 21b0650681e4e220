import { friendDisplayName, type Friend } from '@teamim/domain';
import type { ContactStore } from '../../contacts/contact.store';
import { StateViewModel } from '../view-model';
import type { LazyModule } from '../../shared/lazy-module';
import { groupByIndexLetter, loadPinyin, type IndexLetter, type PinyinReader } from './friend-index';
import { viewModelFactory } from '../view-model-factory';

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
export function friendListState(
  friends: readonly Friend[],
  pinyin: PinyinReader | null = loadPinyin.loaded()?.pinyin ?? null,
): FriendListState {
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
    pinyin,
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

/**
 * My friends (spec §2): the grouped, index-lettered list, following the contact store. Chinese names
 * need pinyin-pro, loaded with the first list: the friends show at once, and are grouped again by their
 * pinyin when it has loaded. Should it fail to load, Han names stay under '#' and the next change of
 * the list (or the next time the list opens) loads it again.
 */
export class FriendListViewModel extends StateViewModel<FriendListState> {
  private friends: readonly Friend[];

  constructor(
    contacts: ContactStore,
    private readonly pinyin: LazyModule<{ readonly pinyin: PinyinReader }> = loadPinyin,
  ) {
    const friends = contacts.snapshot.friendList;
    super(friendListState(friends, pinyin.loaded()?.pinyin ?? null));
    this.friends = friends;
    this.own(
      contacts.friendList$.subscribe((next) => {
        this.friends = next;
        this.show();
      }),
    );
  }

  private show(): void {
    const reader = this.pinyin.loaded()?.pinyin ?? null;
    this.set(friendListState(this.friends, reader));
    if (reader !== null || !this.friends.some((f) => HAN_NAME.test(friendDisplayName(f)))) return;
    this.pinyin().then(
      () => this.show(),
      () => undefined,
    );
  }
}

const HAN_NAME = /\p{Script=Han}/u;

/** Built by `SessionViewModels.build`; its views import it, so this view model loads with them. */
export const friendListViewModel = viewModelFactory((s) => new FriendListViewModel(s.contacts));
