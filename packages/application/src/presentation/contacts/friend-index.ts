import type { pinyin as pinyinFunction } from 'pinyin-pro';
import { lazyModule } from '../../shared/lazy-module';

/**
 * pinyin-pro (about 95 KB gzip with its dictionary), loaded when a friend index is first built rather
 * than with the signed-in code. Until it has loaded, names are indexed without it (Han names under '#').
 */
export const loadPinyin = lazyModule(() => import('pinyin-pro'));

/** pinyin-pro's `pinyin` function, as far as the index uses it. */
export type PinyinReader = typeof pinyinFunction;

/** The reader once pinyin-pro has loaded; null before (callers pass null to index without it). */
const loadedReader = (): PinyinReader | null => loadPinyin.loaded()?.pinyin ?? null;

/** The index letters of the friend list; '#' collects names that start with neither a letter nor a Han character. */
export const INDEX_LETTERS = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ', '#'] as const;
export type IndexLetter = (typeof INDEX_LETTERS)[number];

const HAN = /\p{Script=Han}/u;
const LATIN = /^[A-Z]$/;
const byKey = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** A Latin letter without its accents, upper-cased, or '' when the character is not one. */
function latinLetter(char: string): string {
  const letter = char.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase();
  return LATIN.test(letter) ? letter : '';
}

/**
 * The index letter of a name: its first Latin letter (accents dropped), the pinyin initial of a leading
 * Han character read as a surname (by pinyin-pro), else '#'.
 */
export function indexLetter(name: string, pinyin: PinyinReader | null = loadedReader()): IndexLetter {
  const first = [...name.trim()][0];
  if (first === undefined) return '#';
  const latin = latinLetter(first);
  if (latin !== '') return latin;
  if (!HAN.test(first) || pinyin === null) return '#';
  // Names start with a surname, whose reading may differ from the character's common one (曾 zeng, 单 shan).
  const [head = ''] = pinyin(name.trim(), {
    pattern: 'first',
    toneType: 'none',
    surname: 'head',
    type: 'array',
  });
  const initial = latinLetter(head.slice(0, 1));
  return initial === '' ? '#' : initial;
}

/** What names sort by: Han characters replaced by their toneless pinyin, so 张三 sorts as "zhang san". */
export function sortKey(name: string, pinyin: PinyinReader | null = loadedReader()): string {
  if (!HAN.test(name) || pinyin === null) return name.trim();
  return pinyin(name.trim(), { toneType: 'none', nonZh: 'consecutive', surname: 'head' });
}

export interface IndexSection<T> {
  readonly letter: IndexLetter;
  readonly items: readonly T[];
}

/**
 * Items grouped under the index letter of their name, sections in A–Z order with '#' last, names sorted
 * within a section by their pinyin key (then by `idOf`, so equal names keep a stable order).
 */
export function groupByIndexLetter<T>(
  items: readonly T[],
  nameOf: (item: T) => string,
  idOf: (item: T) => string,
  pinyin: PinyinReader | null = loadedReader(),
): readonly IndexSection<T>[] {
  const buckets = new Map<IndexLetter, { item: T; key: string }[]>();
  for (const item of items) {
    const name = nameOf(item);
    const letter = indexLetter(name, pinyin);
    const entry = { item, key: sortKey(name, pinyin) };
    const bucket = buckets.get(letter);
    if (bucket === undefined) buckets.set(letter, [entry]);
    else bucket.push(entry);
  }
  return INDEX_LETTERS.flatMap((letter) => {
    const bucket = buckets.get(letter);
    if (bucket === undefined) return [];
    const sorted = [...bucket].sort(
      (a, b) => byKey.compare(a.key, b.key) || idOf(a.item).localeCompare(idOf(b.item)),
    );
    return [{ letter, items: sorted.map((entry) => entry.item) }];
  });
}
