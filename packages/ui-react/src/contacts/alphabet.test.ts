import { describe, expect, it } from 'vitest';
import type { Friend } from '@teamim/domain';
import { friendRows, groupFriendsByLetter, indexLetter } from './alphabet';

const friend = (userID: string, nickname: string, remark = ''): Friend => ({
  userID,
  nickname,
  remark,
  faceURL: '',
});

describe('indexLetter', () => {
  it('uses the first Latin letter, upper-cased and without accents', () => {
    expect(indexLetter('bob')).toBe('B');
    expect(indexLetter('  Carol')).toBe('C');
    expect(indexLetter('Émile')).toBe('E');
  });

  it('uses the pinyin initial of a leading Han character', () => {
    expect(indexLetter('张三')).toBe('Z');
    expect(indexLetter('李四')).toBe('L');
    expect(indexLetter('王五')).toBe('W');
    expect(indexLetter('阿强')).toBe('A');
    expect(indexLetter('陈')).toBe('C');
    expect(indexLetter('谢')).toBe('X');
  });

  it("puts digits, symbols, emoji and empty names under '#'", () => {
    expect(indexLetter('42')).toBe('#');
    expect(indexLetter('😀 smile')).toBe('#');
    expect(indexLetter('')).toBe('#');
    expect(indexLetter('Привет')).toBe('#');
  });
});

describe('groupFriendsByLetter', () => {
  it('groups by display name (remark first), sorts sections A–Z with # last and names within', () => {
    const sections = groupFriendsByLetter([
      friend('u1', 'zoe'),
      friend('u2', 'bob'),
      friend('u3', 'carol', 'Aunt Carol'),
      friend('u4', '007'),
      friend('u5', 'Bella'),
      friend('u6', '张三'),
    ]);
    expect(sections.map((s) => [s.letter, s.friends.map((f) => f.userID)])).toEqual([
      ['A', ['u3']],
      ['B', ['u5', 'u2']],
      // The pinyin collation orders Han names before Latin ones within a letter.
      ['Z', ['u6', 'u1']],
      ['#', ['u4']],
    ]);
  });

  it('returns no sections for no friends', () => {
    expect(groupFriendsByLetter([])).toEqual([]);
  });

  it('flattens into header and friend rows for the virtual list', () => {
    const rows = friendRows(groupFriendsByLetter([friend('u1', 'amy'), friend('u2', 'ben')]));
    expect(rows.map((r) => (r.kind === 'header' ? r.letter : r.friend.userID))).toEqual([
      'A',
      'u1',
      'B',
      'u2',
    ]);
  });
});
