import type { I18nKey, MessageParams } from '../i18n/messages';

/** Form and input fields that §5 validates. */
export type ValidationField =
  | 'password'
  | 'confirmPassword'
  | 'oldPassword'
  | 'groupName'
  | 'content'
  | 'nickname'
  | 'phone'
  | 'areaCode'
  | 'email'
  | 'verificationCode'
  | 'invitationCode'
  | 'birth'
  | 'payPassword'
  | 'confirmPayPassword'
  | 'members'
  | 'selection'
  | 'joinRequestMessage'
  | 'friendRequestMessage'
  | 'muteDuration'
  | 'redPacketAmount'
  | 'redPacketCount'
  | 'message'
  | 'forwardTargets'
  | 'keyword'
  | 'logLineCount'
  | 'file'
  | 'avatar'
  | 'meetingTitle'
  | 'meetingStart'
  | 'meetingDuration'
  | 'meetingDescription'
  | 'meetingInvitees'
  | 'form';

/** A §5 rule failed. `i18nKey` names the spec's message for it. */
export interface ValidationError {
  readonly kind: 'validation';
  readonly field: ValidationField;
  readonly i18nKey: I18nKey;
  readonly params?: MessageParams;
}

export function validationError(
  field: ValidationField,
  i18nKey: I18nKey,
  params?: MessageParams,
): ValidationError {
  return params === undefined
    ? { kind: 'validation', field, i18nKey }
    : { kind: 'validation', field, i18nKey, params };
}

/** Why a §6 permission check refused an action. */
export const PERMISSION_REASON_KEYS = {
  noPermission: 'permission.noPermission',
  revokeOwnOnly: 'permission.revokeOwnOnly',
  pinGroupOnly: 'permission.pinGroupOnly',
  alreadyPinned: 'permission.alreadyPinned',
  notPinned: 'permission.notPinned',
  notInGroup: 'toast.notInGroup',
  groupMuted: 'toast.groupMuted',
  memberMuted: 'toast.memberMuted',
  lookMemberInfoForbidden: 'permission.lookMemberInfoForbidden',
  applyMemberFriendForbidden: 'permission.applyMemberFriendForbidden',
  addFriendNotAllowed: 'permission.addFriendNotAllowed',
  createGroupNotAllowed: 'permission.createGroupNotAllowed',
  editOwnProfileOnly: 'permission.editOwnProfileOnly',
} as const satisfies Record<string, I18nKey>;
export type PermissionReason = keyof typeof PERMISSION_REASON_KEYS;

export interface PermissionError {
  readonly kind: 'permission';
  readonly reason: PermissionReason;
  readonly i18nKey: I18nKey;
}

export function permissionError(reason: PermissionReason): PermissionError {
  return { kind: 'permission', reason, i18nKey: PERMISSION_REASON_KEYS[reason] };
}

export type DomainError = ValidationError | PermissionError;
