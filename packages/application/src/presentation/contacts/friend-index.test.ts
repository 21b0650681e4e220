import { beforeAll, describe, expect, it } from 'vitest';
import { groupByIndexLetter, indexLetter, loadPinyin, sortKey } from './friend-index';

// The index reads Chinese names through pinyin-pro, which loads on first use.
beforeAll(async () => {
  await loadPinyin();
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
    // A leading character is read as a surname: 曾 is zeng and 单 is shan there, not ceng and dan.
    expect(indexLetter('曾小贤')).toBe('Z');
    expect(indexLetter('单田芳')).toBe('S');
    expect(indexLetter('欧阳')).toBe('O');
    expect(indexLetter('  张三')).toBe('Z');
  });

  it("puts a Han character without a known reading under '#'", () => {
    expect(indexLetter('𠀀三')).toBe('#');
    expect(indexLetter('㐀')).toBe('#');
  });

  it("puts digits, symbols, emoji, other scripts and empty names under '#'", () => {
    expect(indexLetter('42')).toBe('#');
    expect(indexLetter('😀 smile')).toBe('#');
    expect(indexLetter('')).toBe('#');
    expect(indexLetter('Привет')).toBe('#');
  });
});

describe('groupByIndexLetter', () => {
  const people = [
    { id: 'u1', name: 'zoe' },
    { id: 'u2', name: 'bob' },
    { id: 'u3', name: 'Aunt Carol' },
    { id: 'u4', name: '007' },
    { id: 'u5', name: 'Bella' },
    { id: 'u6', name: '张三' },
    { id: 'u7', name: '赵六' },
  ];

  it('sorts sections A–Z with # last and names within a section by their pinyin', () => {
    const sections = groupByIndexLetter(
      people,
      (p) => p.name,
      (p) => p.id,
    );
    expect(sections.map((s) => [s.letter, s.items.map((p) => p.id)])).toEqual([
      ['A', ['u3']],
      ['B', ['u5', 'u2']],
      // zhang san < zhao liu < zoe
      ['Z', ['u6', 'u7', 'u1']],
      ['#', ['u4']],
    ]);
  });

  it('returns no sections for nothing', () => {
    expect(groupByIndexLetter([], String, String)).toEqual([]);
  });

  it('keys Han names by their toneless pinyin', () => {
    expect(sortKey('张三')).toBe('zhang san');
    expect(sortKey('bob')).toBe('bob');
  });

  it('keys names without their outer spaces, and keeps Latin runs in a Han name whole', () => {
    expect(sortKey('  bob ')).toBe('bob');
    expect(sortKey(' 张三 ')).toBe('zhang san');
    expect(sortKey('张三abc')).toBe('zhang san abc');
  });
});
