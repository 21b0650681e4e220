import { describe, expect, it } from 'vitest';
import {
  composeAtText,
  insertMention,
  mentionName,
  mentionQueryAt,
  rankMentionCandidates,
} from './mention-compose';

const ids = (list: readonly { readonly userID: string }[]) => list.map((m) => m.userID);

describe('§2 mention suggestions: ranking details', () => {
  it('ranks a prefix match first even when a substring match has the earlier name', () => {
    const members = [
      { userID: 'a1', nickname: 'Abe Bobson' },
      { userID: 'b1', nickname: 'Bobby' },
      { userID: 'c1', nickname: 'Carl', remark: 'Bobo' },
      { userID: 'bob-7', nickname: 'Aaron' },
    ];
    // Prefix (nickname "Bobby", remark "Bobo"), then substring ("Abe Bobson"), then the id ("bob-7").
    expect(ids(rankMentionCandidates(members, 'bob', 'me'))).toEqual(['b1', 'c1', 'a1', 'bob-7']);
  });

  it('a name that only contains the query matches even when the other name does not', () => {
    const members = [
      { userID: 'd1', nickname: 'Abe Bobson', remark: 'Abe' },
      { userID: 'bob-2', nickname: 'Aaron' },
    ];
    expect(ids(rankMentionCandidates(members, 'bob', 'me'))).toEqual(['d1', 'bob-2']);
  });

  it('a member without a remark is found by nickname and id only', () => {
    const members = [
      { userID: 'u1', nickname: 'Tom' },
      { userID: 'u2', nickname: 'Sara' },
    ];
    expect(ids(rankMentionCandidates(members, 'a', 'me'))).toEqual(['u2']);
    expect(rankMentionCandidates(members, 'e', 'me')).toEqual([]);
  });

  it('orders members of the same rank and name by user id, whatever the input order', () => {
    const twins = [
      { userID: 'u3', nickname: 'Sam' },
      { userID: 'u1', nickname: 'Sam' },
      { userID: 'u2', nickname: 'Sam' },
    ];
    expect(ids(rankMentionCandidates(twins, 'sam', 'me'))).toEqual(['u1', 'u2', 'u3']);
    expect(ids(rankMentionCandidates([...twins].reverse(), 'sam', 'me'))).toEqual(['u1', 'u2', 'u3']);
  });

  it('never suggests a member without a user id', () => {
    const members = [
      { userID: '', nickname: 'Bob' },
      { userID: 'u1', nickname: 'Bobby' },
    ];
    expect(ids(rankMentionCandidates(members, 'bob', 'me'))).toEqual(['u1']);
  });

  it('a blank nickname shows the user id', () => {
    expect(mentionName({ userID: 'u9', nickname: '   ' })).toBe('u9');
    expect(mentionName({ userID: 'u9', nickname: 'Ann' })).toBe('Ann');
  });
});

describe('§2 the "@query" being typed: details', () => {
  it('a text without "@" before the caret has no query', () => {
    expect(mentionQueryAt('hello', 5)).toBeUndefined();
    expect(mentionQueryAt('hi there @bob', 8)).toBeUndefined();
  });

  it('drops only one space that directly follows the query, not a later one', () => {
    expect(insertMention('hi @bo! see you', 3, 6, 'Bob')).toEqual({ text: 'hi @Bob ! see you', caret: 8 });
  });
});

describe('§5 the at-text sent: details', () => {
  it('ignores a chosen mention without a user id and keeps its "@name" as text', () => {
    expect(composeAtText('@Ghost hi', [{ userID: '', name: 'Ghost' }])).toBeUndefined();
    expect(
      composeAtText('@Ghost and @Bob', [
        { userID: '', name: 'Ghost' },
        { userID: 'bob', name: 'Bob' },
      ]),
    ).toEqual({
      text: '@Ghost and [[at-Bob#bob]]',
      atUserIDList: ['bob'],
      atUsersInfo: [{ atUserID: 'bob', groupNickname: 'Bob' }],
    });
  });

  it('without a chosen mention, text that looks like a token is sent as plain text', () => {
    expect(composeAtText('[[at-Bob#bob]] typed', [])).toBeUndefined();
  });
});
