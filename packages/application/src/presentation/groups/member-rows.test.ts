import { describe, expect, it } from 'vitest';
import { GroupAllowType, GroupMemberRole, type GroupMember } from '@teamim/domain';
import { applyMemberChange, filterMembers, memberRow, type MemberRow } from './member-rows';

const NOW = 1_700_000_000_000;

const member = (userID: string, change: Partial<GroupMember> = {}): GroupMember => ({
  userID,
  groupID: 'g1',
  nickname: `${userID}-nick`,
  faceURL: `https://files.fake/${userID}.png`,
  roleLevel: GroupMemberRole.Normal,
  muteEndTime: 0,
  ...change,
});

const row = (userID: string, name: string): MemberRow => ({
  userID,
  name,
  faceURL: '',
  roleLevel: GroupMemberRole.Normal,
  isSelf: false,
  owner: false,
  admin: false,
  muted: false,
  canManage: false,
  canSetAdmin: false,
  canOpenCard: true,
});

describe('memberRow (spec §6 badges and what the current user may do)', () => {
  it('a member seen before the own membership is known: no one is self, nothing may be done', () => {
    const target = member('carol', { muteEndTime: NOW + 1 });
    expect(memberRow(target, { self: undefined, group: undefined, nowMs: NOW })).toEqual({
      userID: 'carol',
      name: 'carol-nick',
      faceURL: 'https://files.fake/carol.png',
      roleLevel: GroupMemberRole.Normal,
      isSelf: false,
      owner: false,
      admin: false,
      muted: true,
      canManage: false,
      canSetAdmin: false,
      canOpenCard: true,
    });
    // A group that hides member info hides it from someone whose role is not known either.
    const hidden = { lookMemberInfo: GroupAllowType.NotAllowed };
    expect(memberRow(target, { self: undefined, group: hidden, nowMs: NOW }).canOpenCard).toBe(false);
  });

  it('a member without a group nickname is shown by the user id', () => {
    const context = { self: undefined, group: undefined, nowMs: NOW };
    expect(memberRow(member('u7', { nickname: '' }), context).name).toBe('u7');
    expect(memberRow(member('u7', { nickname: 'Seven' }), context).name).toBe('Seven');
  });

  it('the owner sets administrators on others, never on an owner (while an ownership transfer settles)', () => {
    const self = member('old', { roleLevel: GroupMemberRole.Owner });
    const context = { self, group: undefined, nowMs: NOW };
    expect(memberRow(member('bob'), context).canSetAdmin).toBe(true);
    expect(memberRow(member('new', { roleLevel: GroupMemberRole.Owner }), context).canSetAdmin).toBe(false);
    expect(memberRow(self, context)).toMatchObject({ isSelf: true, canSetAdmin: false, owner: true });
  });
});

describe('filterMembers (members view search)', () => {
  const rows = [row('u1', 'Caroline'), row('carol', 'Zed'), row('u3', 'Bob')];

  it('a blank query keeps the same list', () => {
    expect(filterMembers(rows, '')).toBe(rows);
    expect(filterMembers(rows, '   ')).toBe(rows);
  });

  it('matches the name or the id, case-insensitively, either one enough', () => {
    expect(filterMembers(rows, ' CAR ').map((r) => r.userID)).toEqual(['u1', 'carol']);
    expect(filterMembers(rows, 'zed').map((r) => r.userID)).toEqual(['carol']);
    expect(filterMembers(rows, 'U3').map((r) => r.userID)).toEqual(['u3']);
    expect(filterMembers(rows, 'x')).toEqual([]);
  });
});

describe('applyMemberChange (member events on the loaded list)', () => {
  const list = [member('a'), member('b'), member('c')];

  it('deleted: the first, a middle one, and an unknown member (the same list back)', () => {
    expect(applyMemberChange(list, 'deleted', member('a')).map((m) => m.userID)).toEqual(['b', 'c']);
    expect(applyMemberChange(list, 'deleted', member('b')).map((m) => m.userID)).toEqual(['a', 'c']);
    expect(applyMemberChange(list, 'deleted', member('z'))).toBe(list);
  });

  it('changed: replaced in place, the first one too; an unknown member is not added', () => {
    const first = member('a', { nickname: 'A' });
    expect(applyMemberChange(list, 'changed', first)).toEqual([first, list[1], list[2]]);
    const middle = member('b', { nickname: 'B' });
    expect(applyMemberChange(list, 'changed', middle)).toEqual([list[0], middle, list[2]]);
    expect(applyMemberChange(list, 'changed', member('z'))).toBe(list);
  });

  it('added: at the end; a member already listed is replaced, not repeated', () => {
    const z = member('z');
    expect(applyMemberChange(list, 'added', z)).toEqual([...list, z]);
    const again = member('a', { nickname: 'again' });
    expect(applyMemberChange(list, 'added', again)).toEqual([again, list[1], list[2]]);
  });
});
