import {
  AVATAR_UPLOAD,
  CREATE_GROUP_MIN_SELECTED,
  MESSAGE_CONTENT_MAX_BYTES,
  MUTE_DURATIONS_SECONDS,
  PASSWORD,
  PAY_PASSWORD_LENGTH,
  PERMANENT_MUTE_SECONDS,
  TEXT_LIMITS,
  VERIFICATION_CODE,
} from '../constants';
import { validationError } from '../errors/domain-errors';
import type { ValidationError, ValidationField } from '../errors/domain-errors';
import type { I18nKey } from '../i18n/messages';
import { err, ok } from '../result';
import type { Result } from '../result';
import { calendarDayNumber } from './calendar-day';
import { CONTENT_ENVELOPE_BYTES, MESSAGE_CONTENT_MAX_KB, messageContentBytes } from './message-size';
import { charLength, isBlank } from './text';

/** Spec §5 validation rules. Each returns the accepted (normalised) value or the first failure. */

export type Validated<T> = Result<T, ValidationError>;

const REQUIRED_KEYS = {
  oldPassword: 'validation.oldPassword.required',
  groupName: 'validation.groupName.required',
  content: 'validation.content.required',
  nickname: 'validation.nickname.required',
  phone: 'validation.phone.required',
  email: 'validation.email.required',
  verificationCode: 'validation.verificationCode.required',
  password: 'validation.password.required',
  invitationCode: 'validation.invitationCode.required',
} as const satisfies Partial<Record<ValidationField, I18nKey>>;
export type RequiredField = keyof typeof REQUIRED_KEYS;

/** §5 "Required prompts": a blank value fails with the field's own prompt. Returns the trimmed value. */
export function validateRequired(field: RequiredField, value: string | undefined): Validated<string> {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? err(validationError(field, REQUIRED_KEYS[field])) : ok(trimmed);
}

/** §5 Password (register): 6-20 characters with at least one digit and one letter. */
export function validatePassword(password: string): Validated<string> {
  if (password === '') return err(validationError('password', 'validation.password.required'));
  const length = charLength(password);
  if (length < PASSWORD.minLength || length > PASSWORD.maxLength) {
    return err(
      validationError('password', 'validation.password.length', {
        min: PASSWORD.minLength,
        max: PASSWORD.maxLength,
      }),
    );
  }
  if (!/[0-9]/.test(password) || !/[A-Za-z]/.test(password)) {
    return err(validationError('password', 'validation.password.format'));
  }
  return ok(password);
}

/** §5 Password: the two entries must match ('passwords do not match'). */
export function validatePasswordPair(password: string, confirmation: string): Validated<string> {
  const checked = validatePassword(password);
  if (!checked.ok) return checked;
  if (password !== confirmation)
    return err(validationError('confirmPassword', 'validation.password.mismatch'));
  return ok(password);
}

/** §5 Verification code: 6 digits. */
export function validateVerificationCode(code: string): Validated<string> {
  const trimmed = code.trim();
  if (trimmed === '') return err(validationError('verificationCode', 'validation.verificationCode.required'));
  if (!new RegExp(`^[0-9]{${VERIFICATION_CODE.length}}$`).test(trimmed)) {
    return err(
      validationError('verificationCode', 'validation.verificationCode.invalid', {
        length: VERIFICATION_CODE.length,
      }),
    );
  }
  return ok(trimmed);
}

/** §5 Verification code: valid 10 minutes after it was sent. */
export function isVerificationCodeExpired(sentAtMs: number, nowMs: number): boolean {
  return nowMs - sentAtMs >= VERIFICATION_CODE.validMs;
}

function maxLength(
  field: ValidationField,
  text: string,
  max: number,
  tooLongKey: I18nKey,
): ValidationError | undefined {
  return charLength(text) > max ? validationError(field, tooLongKey, { max }) : undefined;
}

/** §5 Group name: non-empty after trimming (input-group-name toast), at most 16 characters. */
export function validateGroupName(name: string): Validated<string> {
  const trimmed = name.trim();
  if (trimmed === '') return err(validationError('groupName', 'validation.groupName.required'));
  const tooLong = maxLength('groupName', trimmed, TEXT_LIMITS.groupName, 'validation.groupName.tooLong');
  return tooLong === undefined ? ok(trimmed) : err(tooLong);
}

/** §5 Nickname: required ('input nickname'), at most 20 characters. */
export function validateNickname(nickname: string): Validated<string> {
  const trimmed = nickname.trim();
  if (trimmed === '') return err(validationError('nickname', 'validation.nickname.required'));
  const tooLong = maxLength('nickname', trimmed, TEXT_LIMITS.nickname, 'validation.nickname.tooLong');
  return tooLong === undefined ? ok(trimmed) : err(tooLong);
}

// One "@", no whitespace, a dot in the domain part; RFC 5321 caps an address at 254 characters.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** §5 E-mail: required, valid format ('input correct email'). */
export function validateEmail(email: string): Validated<string> {
  const trimmed = email.trim();
  if (trimmed === '') return err(validationError('email', 'validation.email.required'));
  if (trimmed.length > 254 || !EMAIL_PATTERN.test(trimmed)) {
    return err(validationError('email', 'validation.email.invalid'));
  }
  return ok(trimmed);
}

/**
 * §5 Phone number: required and valid. The spec does not show the format; we accept the national
 * number as 5-15 digits (E.164's limit), ignoring spaces and dashes.
 */
export function validatePhoneNumber(phone: string): Validated<string> {
  const compact = phone.replace(/[\s-]/g, '');
  if (compact === '') return err(validationError('phone', 'validation.phone.required'));
  if (!/^[0-9]{5,15}$/.test(compact)) return err(validationError('phone', 'validation.phone.invalid'));
  return ok(compact);
}

/** §5 Area code: always sent with a leading plus ("86" and "+86" both give "+86"). */
export function normalizeAreaCode(areaCode: string): Validated<string> {
  const digits = areaCode.trim().replace(/^\+/, '');
  if (!/^[0-9]{1,4}$/.test(digits)) return err(validationError('areaCode', 'validation.areaCode.invalid'));
  return ok(`+${digits}`);
}

/** §5 Birth date: not later than today (compared as calendar days in the user's time zone). */
export function validateBirth(birthMs: number, nowMs: number, utcOffsetMinutes: number): Validated<number> {
  if (
    !Number.isFinite(birthMs) ||
    calendarDayNumber(birthMs, utcOffsetMinutes) > calendarDayNumber(nowMs, utcOffsetMinutes)
  ) {
    return err(validationError('birth', 'validation.birth.future'));
  }
  return ok(birthMs);
}

/** §5 Pay password: six digits. */
export function validatePayPassword(pin: string, field: ValidationField = 'payPassword'): Validated<string> {
  if (!new RegExp(`^[0-9]{${PAY_PASSWORD_LENGTH}}$`).test(pin)) {
    return err(validationError(field, 'validation.payPassword.invalid', { length: PAY_PASSWORD_LENGTH }));
  }
  return ok(pin);
}

export interface PayPasswordChange {
  /** Whether a pay password already exists; only then is the old one asked for. */
  readonly hasExisting: boolean;
  readonly oldPin?: string;
  readonly newPin: string;
  readonly confirmPin: string;
}

/** §4/§5 Pay password form: old (only when one exists), new, confirmation; new and confirm must match. */
export function validatePayPasswordChange(
  change: PayPasswordChange,
): Validated<{ readonly oldPin: string | undefined; readonly newPin: string }> {
  let oldPin: string | undefined;
  if (change.hasExisting) {
    if (change.oldPin === undefined || change.oldPin === '') {
      return err(validationError('oldPassword', 'validation.oldPassword.required'));
    }
    const old = validatePayPassword(change.oldPin, 'oldPassword');
    if (!old.ok) return old;
    oldPin = old.value;
  }
  const next = validatePayPassword(change.newPin);
  if (!next.ok) return next;
  if (change.newPin !== change.confirmPin) {
    return err(validationError('confirmPayPassword', 'validation.payPassword.mismatch'));
  }
  return ok({ oldPin, newPin: next.value });
}

/** §5 Join request and friend request messages: at most 50 characters. */
export function validateRequestMessage(kind: 'join' | 'friend', message: string): Validated<string> {
  const error =
    kind === 'join'
      ? maxLength(
          'joinRequestMessage',
          message,
          TEXT_LIMITS.joinRequestMessage,
          'validation.joinRequest.tooLong',
        )
      : maxLength(
          'friendRequestMessage',
          message,
          TEXT_LIMITS.friendRequestMessage,
          'validation.friendRequest.tooLong',
        );
  return error === undefined ? ok(message) : err(error);
}

/** §5 Mute: a duration must be chosen, and it must be one of the fixed choices. */
export function validateMuteDuration(seconds: number | undefined): Validated<number> {
  const choice = [...MUTE_DURATIONS_SECONDS, PERMANENT_MUTE_SECONDS].find((allowed) => allowed === seconds);
  return choice === undefined
    ? err(validationError('muteDuration', 'validation.mute.durationRequired'))
    : ok(choice);
}

/**
 * §5 Messages: an empty (blank) text is not sent, nor one the server would refuse as too large; the
 * composer keeps the text and says why.
 */
export function validateMessageText(text: string): Validated<string> {
  if (isBlank(text)) return err(validationError('message', 'validation.message.empty'));
  // No UTF-16 unit takes more than six bytes, so a short text needs no counting.
  const surelyFits = text.length * 6 + CONTENT_ENVELOPE_BYTES <= MESSAGE_CONTENT_MAX_BYTES;
  if (!surelyFits && messageContentBytes(text) > MESSAGE_CONTENT_MAX_BYTES) {
    return err(
      validationError('message', 'validation.message.tooLong', {
        max: MESSAGE_CONTENT_MAX_KB,
      }),
    );
  }
  return ok(text);
}

/** §5 Forward: at least one conversation must be selected. */
export function validateForwardTargets(conversationIDs: readonly string[]): Validated<readonly string[]> {
  const unique = [...new Set(conversationIDs)];
  return unique.length === 0
    ? err(validationError('forwardTargets', 'validation.forward.noConversation'))
    : ok(unique);
}

/** §5 Search: the add-friend / add-group search needs a non-empty keyword. */
export function validateSearchKeyword(keyword: string): Validated<string> {
  const trimmed = keyword.trim();
  return trimmed === '' ? err(validationError('keyword', 'validation.search.keywordRequired')) : ok(trimmed);
}

/** §5 Top search ignores blank input: the keyword to search for, or undefined to clear the results. */
export function topSearchKeyword(input: string): string | undefined {
  const trimmed = input.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** §5 Log upload line count: a positive whole number. */
export function validateLogLineCount(input: string): Validated<number> {
  const trimmed = input.trim();
  if (!/^[0-9]+$/.test(trimmed) || Number(trimmed) <= 0 || !Number.isSafeInteger(Number(trimmed))) {
    return err(validationError('logLineCount', 'validation.logLines.invalid'));
  }
  return ok(Number(trimmed));
}

export interface SelectedFile {
  readonly name: string;
  /** MIME type as the platform reports it (may be empty). */
  readonly type: string;
  readonly isDirectory?: boolean;
}

export interface FileAcceptance {
  readonly mimeTypes: readonly string[];
  readonly extensions: readonly string[];
}

/** Whether the name ends in a listed extension; a name starting with its only dot has none. */
function hasExtension(name: string, extensions: readonly string[]): boolean {
  const dot = name.lastIndexOf('.');
  return dot > 0 && extensions.includes(name.slice(dot).toLowerCase());
}

/**
 * §5 Files: a folder is rejected, and so is a type outside `accept` (when given). A file is
 * accepted when its MIME type or its extension is listed.
 */
export function validateSelectedFile(file: SelectedFile, accept?: FileAcceptance): Validated<SelectedFile> {
  if (file.isDirectory === true) return err(validationError('file', 'validation.file.folder'));
  if (accept !== undefined) {
    const mimeOk = file.type !== '' && accept.mimeTypes.includes(file.type.toLowerCase());
    const extOk = hasExtension(file.name, accept.extensions);
    if (!mimeOk && !extOk) return err(validationError('file', 'validation.file.unsupportedType'));
  }
  return ok(file);
}

/** §5 Files: exceeding a selection limit is an error. */
export function validateSelectionLimit(count: number, max: number): Validated<number> {
  return count > max ? err(validationError('file', 'validation.file.selectionLimit', { max })) : ok(count);
}

/** §5 Avatar upload: images only (.jpeg, .png, .webp). */
export function validateAvatarFile(file: SelectedFile): Validated<SelectedFile> {
  const checked = validateSelectedFile(file, {
    mimeTypes: AVATAR_UPLOAD.acceptedMimeTypes,
    extensions: AVATAR_UPLOAD.acceptedExtensions,
  });
  return checked.ok ? checked : err(validationError('avatar', 'validation.avatar.unsupportedType'));
}

/** §5 Avatar upload: the size to resize to, at most 400x400, keeping the aspect ratio, never enlarging. */
export function fitWithin(
  width: number,
  height: number,
  maxWidth: number = AVATAR_UPLOAD.maxWidth,
  maxHeight: number = AVATAR_UPLOAD.maxHeight,
): { readonly width: number; readonly height: number } {
  if (width <= 0 || height <= 0) return { width: 0, height: 0 };
  const scale = Math.min(1, maxWidth / width, maxHeight / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export interface CreateGroupInput {
  readonly groupName: string;
  readonly selectedUserIDs: readonly string[];
}

export type CreateGroupPlan =
  | { readonly kind: 'openSingleChat'; readonly userID: string }
  | { readonly kind: 'createGroup'; readonly groupName: string; readonly memberUserIDs: readonly string[] };

/**
 * §4/§5 Create group. Exactly one selected person opens a single chat with them instead. Otherwise
 * the trimmed name must be non-empty and at most 16 characters, and more than one member must be
 * selected (create-group-limit toast).
 */
export function planCreateGroup(input: CreateGroupInput): Validated<CreateGroupPlan> {
  const members = [...new Set(input.selectedUserIDs)];
  const [only, second] = members;
  if (only !== undefined && second === undefined) return ok({ kind: 'openSingleChat', userID: only });
  const name = validateGroupName(input.groupName);
  if (!name.ok) return name;
  if (members.length < CREATE_GROUP_MIN_SELECTED) {
    return err(
      validationError('members', 'validation.createGroup.limit', { min: CREATE_GROUP_MIN_SELECTED }),
    );
  }
  return ok({ kind: 'createGroup', groupName: name.value, memberUserIDs: members });
}

/** §5 "Default form messages": generic checks for forms without a dedicated rule. */
export const formRules = {
  required(label: string, value: string | undefined): Validated<string> {
    // A non-blank text is truthy once trimmed, and only a defined value has one.
    return value?.trim()
      ? ok(value)
      : err(validationError('form', 'validation.default.required', { field: label }));
  },
  length(
    label: string,
    value: string,
    bounds: { readonly min?: number; readonly max?: number },
  ): Validated<string> {
    const length = charLength(value);
    const { min, max } = bounds;
    const tooShort = length < (min ?? 0);
    const tooLong = length > (max ?? Infinity);
    if (!tooShort && !tooLong) return ok(value);
    if (min !== undefined && max !== undefined) {
      return err(validationError('form', 'validation.default.lengthRange', { field: label, min, max }));
    }
    return tooShort
      ? err(validationError('form', 'validation.default.lengthMin', { field: label, min: min ?? 0 }))
      : err(validationError('form', 'validation.default.lengthMax', { field: label, max: max ?? 0 }));
  },
  number(
    label: string,
    input: string,
    bounds: { readonly min?: number; readonly max?: number } = {},
  ): Validated<number> {
    const trimmed = input.trim();
    const value = Number(trimmed);
    if (trimmed === '' || !Number.isFinite(value)) {
      return err(validationError('form', 'validation.default.typeInvalid', { field: label, type: 'number' }));
    }
    const { min = -Infinity, max = Infinity } = bounds;
    if (value < min) {
      return err(validationError('form', 'validation.default.numberMin', { field: label, min }));
    }
    if (value > max) {
      return err(validationError('form', 'validation.default.numberMax', { field: label, max }));
    }
    return ok(value);
  },
};
