import { describe, expect, it } from 'vitest';
import { GroupMemberRole } from '../entities/group';
import { PickerMode } from '../entities/settings';
import {
  checkCanSelectMore,
  checkPickerConfirm,
  hasMorePages,
  isPickerEntryDisabled,
  pageSizeFor,
  pickerSelectionLimit,
} from './picker';

const { Owner, Admin, Normal } = GroupMemberRole;
const beyond = {
  ok: false,
  error: { kind: 'validation', field: 'selection', i18nKey: 'validation.picker.beyondSelectionLimit' },
};

describe('§5 Disabled picker entries', () => {
  it('§5 invite: friends and groups already in the group are disabled', () => {
    const context = { mode: PickerMode.InviteToGroup, selfUserID: 'me', existingMemberIDs: new Set(['a']) };
    expect(isPickerEntryDisabled({ id: 'a' }, context)).toBe(true);
    expect(isPickerEntryDisabled({ id: 'b' }, context)).toBe(false);
    expect(isPickerEntryDisabled({ id: 'b' }, { mode: PickerMode.InviteToGroup, selfUserID: 'me' })).toBe(
      false,
    );
  });

  it('§5 kick: members with a role level >= the current user, and the current user, are disabled', () => {
    const asAdmin = { mode: PickerMode.KickFromGroup, selfUserID: 'me', selfRoleLevel: Admin };
    expect(isPickerEntryDisabled({ id: 'me', roleLevel: Admin }, asAdmin)).toBe(true);
    expect(isPickerEntryDisabled({ id: 'o', roleLevel: Owner }, asAdmin)).toBe(true);
    expect(isPickerEntryDisabled({ id: 'a2', roleLevel: Admin }, asAdmin)).toBe(true);
    expect(isPickerEntryDisabled({ id: 'n', roleLevel: Normal }, asAdmin)).toBe(false);
    const asOwner = { mode: PickerMode.KickFromGroup, selfUserID: 'me', selfRoleLevel: Owner };
    expect(isPickerEntryDisabled({ id: 'a2', roleLevel: Admin }, asOwner)).toBe(false);
    // Without role information nothing can be kicked safely.
    expect(isPickerEntryDisabled({ id: 'n' }, asOwner)).toBe(true);
    expect(
      isPickerEntryDisabled(
        { id: 'n', roleLevel: Normal },
        { mode: PickerMode.KickFromGroup, selfUserID: 'me' },
      ),
    ).toBe(true);
  });

  it('§5 transfer: the current user is disabled', () => {
    const context = { mode: PickerMode.TransferInGroup, selfUserID: 'me' };
    expect(isPickerEntryDisabled({ id: 'me' }, context)).toBe(true);
    expect(isPickerEntryDisabled({ id: 'x' }, context)).toBe(false);
  });

  it('§5 create group and select user disable nothing', () => {
    expect(isPickerEntryDisabled({ id: 'me' }, { mode: PickerMode.CreateGroup, selfUserID: 'me' })).toBe(
      false,
    );
    expect(isPickerEntryDisabled({ id: 'x' }, { mode: PickerMode.SelectUser, selfUserID: 'me' })).toBe(false);
  });
});

describe('§5 kick picker: the current user is always disabled', () => {
  it('even when the listed role of the current user is lower than their role now (a stale list)', () => {
    for (const selfRoleLevel of [Owner, Admin]) {
      const context = { mode: PickerMode.KickFromGroup, selfUserID: 'me', selfRoleLevel };
      expect(isPickerEntryDisabled({ id: 'me', roleLevel: Normal }, context)).toBe(true);
      expect(isPickerEntryDisabled({ id: 'other', roleLevel: Normal }, context)).toBe(false);
    }
  });
});

describe('§5 Picker selection', () => {
  it('§5 transfer ownership: one selection only; a second shows the beyond-selection-limit toast', () => {
    expect(pickerSelectionLimit(PickerMode.TransferInGroup)).toBe(1);
    expect(checkCanSelectMore(PickerMode.TransferInGroup, 0)).toEqual({ ok: true, value: undefined });
    expect(checkCanSelectMore(PickerMode.TransferInGroup, 1)).toEqual({
      ok: false,
      error: { kind: 'validation', field: 'selection', i18nKey: 'validation.picker.beyondSelectionLimit' },
    });
    expect(pickerSelectionLimit(PickerMode.InviteToGroup)).toBeUndefined();
    expect(checkCanSelectMore(PickerMode.InviteToGroup, 500).ok).toBe(true);
  });

  it('§5 picker confirm needs at least one selected entry, except in select-user mode', () => {
    const none = {
      ok: false,
      error: { kind: 'validation', field: 'selection', i18nKey: 'validation.picker.selectAtLeastOne' },
    };
    for (const mode of [
      PickerMode.CreateGroup,
      PickerMode.InviteToGroup,
      PickerMode.KickFromGroup,
      PickerMode.TransferInGroup,
    ]) {
      expect(checkPickerConfirm(mode, 0)).toEqual(none);
      expect(checkPickerConfirm(mode, 1).ok).toBe(true);
    }
    expect(checkPickerConfirm(PickerMode.SelectUser, 0).ok).toBe(true);
  });

  it('§4 member paging: first 500, then 100, more while a full page came back', () => {
    expect(pageSizeFor(0, 500, 100)).toBe(500);
    expect(pageSizeFor(1, 500, 100)).toBe(100);
    expect(hasMorePages(500, 500)).toBe(true);
    expect(hasMorePages(99, 100)).toBe(false);
    expect(hasMorePages(0, 0)).toBe(false);
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
