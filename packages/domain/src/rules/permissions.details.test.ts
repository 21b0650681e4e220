import { describe, expect, it } from 'vitest';
import { GroupMemberRole } from '../entities/group';
import { canManageMember, checkCanEditProfile, checkCanKick, checkCanMute } from './permissions';

const { Owner, Admin, Normal } = GroupMemberRole;
const denied = (reason: string, i18nKey: string) => ({
  ok: false,
  error: { kind: 'permission', reason, i18nKey },
});

describe('§6 nobody mutes or kicks themselves, whatever role their member record shows', () => {
  it('an owner or admin whose own record is stale (a lower role) still cannot act on it', () => {
    const me = { userID: 'me', roleLevel: Owner };
    const staleMe = { userID: 'me', roleLevel: Normal };
    expect(canManageMember(me, staleMe)).toBe(false);
    expect(canManageMember({ userID: 'me', roleLevel: Admin }, staleMe)).toBe(false);
    expect(checkCanMute(me, staleMe)).toEqual(denied('noPermission', 'permission.noPermission'));
    expect(checkCanKick(me, staleMe)).toEqual(denied('noPermission', 'permission.noPermission'));
    // Another member with that same lower role is fair game.
    expect(canManageMember(me, { userID: 'you', roleLevel: Normal })).toBe(true);
  });
});

describe('§6 profile editing needs a signed-in user', () => {
  it('with no user id (signed out), no profile is the own one, not even an id-less one', () => {
    expect(checkCanEditProfile('', '')).toEqual(
      denied('editOwnProfileOnly', 'permission.editOwnProfileOnly'),
    );
    expect(checkCanEditProfile('', 'me')).toEqual(
      denied('editOwnProfileOnly', 'permission.editOwnProfileOnly'),
    );
    expect(checkCanEditProfile('me', '')).toEqual(
      denied('editOwnProfileOnly', 'permission.editOwnProfileOnly'),
    );
  });
});
