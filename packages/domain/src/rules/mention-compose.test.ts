import { describe, expect, it } from 'vitest';
import { AT_ALL_TAG } from '../constants';
import { GroupAtType } from '../entities/conversation';
import { GroupMemberRole } from '../entities/group';
import {
  canMentionAll,
  composeAtText,
  insertMention,
  matchesMentionAll,
  mentionMark,
  mentionName,
  mentionQueryAt,
  rankMentionCandidates,
} from './mention-compose';

const members = [
  { userID: 'u1', nickname: 'Zed Bobson' },
  { userID: 'u2', nickname: 'bobby' },
  { userID: 'u3', nickname: 'Carol', remark: 'Bob from sales' },
  { userID: 'u4', nickname: 'Alice' },
  { userID: 'bob-id', nickname: 'Dan' },
  { userID: 'me', nickname: 'Bob Me' },
];
const ids = (list: readonly { readonly userID: string }[]) => list.map((m) => m.userID);

describe('§2 mention suggestions: ranked group members', () => {
  it('puts prefix matches of nickname or remark before substring matches, then by shown name', () => {
    const ranked = rankMentionCandidates(members, 'bob', 'me').map((m) => m.userID);
    // Prefix: "bobby" (nickname) and "Bob from sales" (remark of Carol), by name: "Bob from sales" < "bobby".
    // Then substring: "Zed Bobson". Then the user id match: "bob-id". Never the user themself.
    expect(ranked).toEqual(['u3', 'u2', 'u1', 'bob-id']);
  });

  it('is case-insensitive and needs at least one character', () => {
    expect(rankMentionCandidates(members, 'ALI', 'me').map((m) => m.userID)).toEqual(['u4']);
    expect(rankMentionCandidates(members, '', 'me')).toEqual([]);
  });

  it('lists each member once and honours the limit', () => {
    const twice = [...members, { userID: 'u2', nickname: 'bobby again' }];
    expect(rankMentionCandidates(twice, 'b', 'me').filter((m) => m.userID === 'u2')).toHaveLength(1);
    expect(rankMentionCandidates(members, 'b', 'me', 2)).toHaveLength(2);
  });

  it('shows the remark when there is one, else the nickname, else the id', () => {
    expect(mentionName({ userID: 'u3', nickname: 'Carol', remark: 'Bob from sales' })).toBe('Bob from sales');
    expect(mentionName({ userID: 'u4', nickname: 'Alice', remark: ' ' })).toBe('Alice');
    expect(mentionName({ userID: 'u9', nickname: '' })).toBe('u9');
  });

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

describe('§6 mentioning everyone', () => {
  it('is for owners and admins only', () => {
    expect(canMentionAll(GroupMemberRole.Owner)).toBe(true);
    expect(canMentionAll(GroupMemberRole.Admin)).toBe(true);
    expect(canMentionAll(GroupMemberRole.Normal)).toBe(false);
    expect(canMentionAll(undefined)).toBe(false);
  });

  it('is offered for a prefix of "all" or of the localized label', () => {
    expect(matchesMentionAll('a', 'everyone')).toBe(true);
    expect(matchesMentionAll('Ev', 'everyone')).toBe(true);
    expect(matchesMentionAll('所', '所有人')).toBe(true);
    expect(matchesMentionAll('bob', 'everyone')).toBe(false);
    expect(matchesMentionAll('', 'everyone')).toBe(false);
  });
});

describe('§2 the "@query" before the caret', () => {
  it('starts at an "@" at the start or after whitespace, without whitespace in the query', () => {
    expect(mentionQueryAt('hi @bo', 6)).toEqual({ start: 3, query: 'bo' });
    expect(mentionQueryAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionQueryAt('mail a@b', 8)).toBeUndefined();
    expect(mentionQueryAt('hi @bob there', 13)).toBeUndefined();
    expect(mentionQueryAt('hi @bob there', 7)).toEqual({ start: 3, query: 'bob' });
  });

  it('inserts "@name " in place of the query and moves the caret after it', () => {
    expect(insertMention('hi @bo!', 3, 6, 'Bob Lee')).toEqual({ text: 'hi @Bob Lee !', caret: 12 });
    expect(insertMention('hi @bo more', 3, 6, 'Bob')).toEqual({ text: 'hi @Bob more', caret: 8 });
  });

  it('a text without "@" before the caret has no query', () => {
    expect(mentionQueryAt('hello', 5)).toBeUndefined();
    expect(mentionQueryAt('hi there @bob', 8)).toBeUndefined();
  });

  it('drops only one space that directly follows the query, not a later one', () => {
    expect(insertMention('hi @bo! see you', 3, 6, 'Bob')).toEqual({ text: 'hi @Bob ! see you', caret: 8 });
  });
});

describe('§5 the at-text sent: one entry per unique user', () => {
  it('turns chosen mentions into tokens and lists each user once', () => {
    const draft = composeAtText('@Bob hi @Ann Lee and @Bob again', [
      { userID: 'bob', name: 'Bob' },
      { userID: 'ann', name: 'Ann' },
      { userID: 'ann2', name: 'Ann Lee' },
    ]);
    expect(draft?.text).toBe('[[at-Bob#bob]] hi [[at-Ann Lee#ann2]] and [[at-Bob#bob]] again');
    expect(draft?.atUserIDList).toEqual(['bob', 'ann2']);
    expect(draft?.atUsersInfo).toEqual([
      { atUserID: 'bob', groupNickname: 'Bob' },
      { atUserID: 'ann2', groupNickname: 'Ann Lee' },
    ]);
  });

  it('drops a mention whose "@name" the user deleted, and sends plain text when none is left', () => {
    expect(composeAtText('just text', [{ userID: 'bob', name: 'Bob' }])).toBeUndefined();
    expect(composeAtText('mail x@Bob', [{ userID: 'bob', name: 'Bob' }])).toBeUndefined();
    expect(composeAtText('hi', [])).toBeUndefined();
  });

  it('sends everyone as the SDK at-all tag', () => {
    const draft = composeAtText('@everyone meeting', [{ userID: AT_ALL_TAG, name: 'everyone' }]);
    expect(draft?.text).toBe(`[[at-all#${AT_ALL_TAG}]] meeting`);
    expect(draft?.atUserIDList).toEqual([AT_ALL_TAG]);
  });

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

describe('§2 the conversation list mark of an unread mention', () => {
  it('marks @me (alone or with @all) as "you", @all as "all", nothing else', () => {
    expect(mentionMark(GroupAtType.AtMe)).toBe('you');
    expect(mentionMark(GroupAtType.AtAllAtMe)).toBe('you');
    expect(mentionMark(GroupAtType.AtAll)).toBe('all');
    expect(mentionMark(GroupAtType.AtNormal)).toBeUndefined();
    expect(mentionMark(GroupAtType.AtGroupNotice)).toBeUndefined();
    expect(mentionMark(undefined)).toBeUndefined();
  });
});
