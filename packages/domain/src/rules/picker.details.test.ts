import { describe, expect, it } from 'vitest';
import { GroupMemberRole } from '../entities/group';
import { PickerMode } from '../entities/settings';
import { checkCanSelectMore, isPickerEntryDisabled } from './picker';

const { Owner, Admin, Normal } = GroupMemberRole;
const beyond = {
  ok: false,
  error: { kind: 'validation', field: 'selection', i18nKey: 'validation.picker.beyondSelectionLimit' },
};

describe('§5 kick picker: the current user is always disabled', () => {
  it('even when the listed role of the current user is lower than their role now (a stale list)', () => {
    for (const selfRoleLevel of [Owner, Admin]) {
      const context = { mode: PickerMode.KickFromGroup, selfUserID: 'me', selfRoleLevel };
      expect(isPickerEntryDisabled({ id: 'me', roleLevel: Normal }, context)).toBe(true);
      expect(isPickerEntryDisabled({ id: 'other', roleLevel: Normal }, context)).toBe(false);
    }
  });
});

describe('§5 picker selection limits', () => {
  it('transfer allows the first selection only, and refuses every one past it', () => {
    expect(checkCanSelectMore(PickerMode.TransferInGroup, 0)).toEqual({ ok: true, value: undefined });
    for (const count of [1, 2, 5])
      expect(checkCanSelectMore(PickerMode.TransferInGroup, count)).toEqual(beyond);
  });

  it('the other modes have no limit, however many are selected', () => {
    for (const mode of [
      PickerMode.CreateGroup,
      PickerMode.InviteToGroup,
      PickerMode.KickFromGroup,
      PickerMode.SelectUser,
    ]) {
      for (const count of [0, 1, 2, 10_000]) {
        expect(checkCanSelectMore(mode, count)).toEqual({ ok: true, value: undefined });
      }
    }
  });
});
