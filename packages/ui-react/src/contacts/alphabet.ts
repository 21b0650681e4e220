import { friendDisplayName, type Friend } from '@teamim/domain';

/** The index letters of the friend list; '#' collects names that start with neither a letter nor a Han character. */
export const INDEX_LETTERS = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ', '#'] as const;
export type IndexLetter = (typeof INDEX_LETTERS)[number];

// Pinyin has no syllables starting with I, U or V, so Han characters fall under the other 23 letters.
// Each boundary character is the first one (in pinyin collation) whose reading starts with that letter.
const HAN_LETTERS = 'ABCDEFGHJKLMNOPQRSTWXYZ';
const HAN_BOUNDARIES = '阿八嚓哒妸发旮哈讥咔垃痳拏噢妑七呥扨它穵夕丫帀';
const pinyin = new Intl.Collator('zh-Hans-CN-u-co-pinyin');
const byName = new Intl.Collator(['zh-Hans-CN-u-co-pinyin', 'en'], { sensitivity: 'base', numeric: true });

/** The index letter of a name: its first Latin letter (accents dropped), the pinyin initial of a Han character, else '#'. */
export function indexLetter(name: string): IndexLetter {
  const first = [...name.trim()][0];
  if (first === undefined) return '#';
  const latin = first.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase();
  if (/^[A-Z]$/.test(latin)) return latin;
  if (!/\p{Script=Han}/u.test(first)) return '#';
  let letter: IndexLetter = '#';
  for (let i = 0; i < HAN_BOUNDARIES.length; i += 1) {
    const boundary = HAN_BOUNDARIES[i] ?? '';
    if (pinyin.compare(boundary, first) > 0) break;
    letter = HAN_LETTERS[i] ?? '#';
  }
  return letter;
}

export interface FriendSection {
  readonly letter: IndexLetter;
  readonly friends: readonly Friend[];
}

/**
 * Friends grouped under their index letter (by display name: remark, else nickname, else id),
 * sections in A–Z order with '#' last, names sorted within a section.
 */
export function groupFriendsByLetter(friends: readonly Friend[]): readonly FriendSection[] {
  const buckets = new Map<IndexLetter, Friend[]>();
  for (const friend of friends) {
    const letter = indexLetter(friendDisplayName(friend));
    const bucket = buckets.get(letter);
    if (bucket === undefined) buckets.set(letter, [friend]);
    else bucket.push(friend);
  }
  return INDEX_LETTERS.flatMap((letter) => {
    const bucket = buckets.get(letter);
    if (bucket === undefined) return [];
    const sorted = [...bucket].sort(
      (a, b) =>
        byName.compare(friendDisplayName(a), friendDisplayName(b)) || a.userID.localeCompare(b.userID),
    );
    return [{ letter, friends: sorted }];
  });
}

/** A flat list for a virtualized view: a header row per section followed by its friends. */
export type FriendRow =
  | { readonly kind: 'header'; readonly letter: IndexLetter }
  | { readonly kind: 'friend'; readonly friend: Friend };

export function friendRows(sections: readonly FriendSection[]): readonly FriendRow[] {
  return sections.flatMap((section) => [
    { kind: 'header', letter: section.letter } as const,
    ...section.friends.map((friend) => ({ kind: 'friend', friend }) as const),
  ]);
}
