import { PickerMode } from '../entities/settings';
import type { GroupMember } from '../entities/group';
import { validationError } from '../errors/domain-errors';
import type { ValidationError } from '../errors/domain-errors';
import { err, ok } from '../result';
import type { Result } from '../result';

/** §5 Member-picker rules: disabled entries, selection limits, confirm. */

export interface PickerEntry {
  /** A user id, or a group id for group entries in invite mode. */
  readonly id: string;
  /** The entry's role when it is a member of the current group. */
  readonly roleLevel?: GroupMember['roleLevel'];
}

export interface PickerContext {
  readonly mode: PickerMode;
  readonly selfUserID: string;
  /** The own role in the current group (kick mode). */
  readonly selfRoleLevel?: GroupMember['roleLevel'];
  /** Ids already in the group (invite mode). */
  readonly existingMemberIDs?: ReadonlySet<string>;
}

/**
 * Invite: entries already in the group. Kick: the current user and members whose role is greater
 * than or equal to the current user's. Transfer: the current user.
 */
export function isPickerEntryDisabled(entry: PickerEntry, context: PickerContext): boolean {
  switch (context.mode) {
    case PickerMode.InviteToGroup:
      return context.existingMemberIDs?.has(entry.id) ?? false;
    case PickerMode.KickFromGroup:
      if (entry.id === context.selfUserID) return true;
      if (context.selfRoleLevel === undefined || entry.roleLevel === undefined) return true;
      return entry.roleLevel >= context.selfRoleLevel;
    case PickerMode.TransferInGroup:
      return entry.id === context.selfUserID;
    default:
      return false;
  }
}

/** The most entries a mode allows (transfer takes one), or undefined for no limit. */
export function pickerSelectionLimit(mode: PickerMode): number | undefined {
  return mode === PickerMode.TransferInGroup ? 1 : undefined;
}

/** Whether one more entry may be selected; a second transfer target shows beyond-selection-limit. */
export function checkCanSelectMore(mode: PickerMode, selectedCount: number): Result<void, ValidationError> {
  const limit = pickerSelectionLimit(mode);
  return selectedCount >= (limit ?? Number.POSITIVE_INFINITY)
    ? err(validationError('selection', 'validation.picker.beyondSelectionLimit'))
    : ok(undefined);
}

/** Confirm needs at least one selected entry, except in select-user mode. */
export function checkPickerConfirm(mode: PickerMode, selectedCount: number): Result<void, ValidationError> {
  return mode !== PickerMode.SelectUser && selectedCount < 1
    ? err(validationError('selection', 'validation.picker.selectAtLeastOne'))
    : ok(undefined);
}

/** Member list paging: 500 first, then 100; more are available while a full page came back. */
export function hasMorePages(receivedCount: number, requestedCount: number): boolean {
  return receivedCount >= requestedCount && requestedCount > 0;
}

export function pageSizeFor(pageIndex: number, first: number, next: number): number {
  return pageIndex === 0 ? first : next;
}
