import {
  CREATE_GROUP_MIN_SELECTED,
  MUTE_DURATIONS_SECONDS,
  PERMANENT_MUTE_SECONDS,
  TEXT_LIMITS,
} from '../../constants';
import { validationError } from '../../errors/domain-errors';
import { err, ok } from '../../result';
import { maxLength } from './validated';
import type { Validated } from './validated';

/** §5 Group name: non-empty after trimming (input-group-name toast), at most 16 characters. */
export function validateGroupName(name: string): Validated<string> {
  const trimmed = name.trim();
  if (trimmed === '') return err(validationError('groupName', 'validation.groupName.required'));
  const tooLong = maxLength('groupName', trimmed, TEXT_LIMITS.groupName, 'validation.groupName.tooLong');
  return tooLong === undefined ? ok(trimmed) : err(tooLong);
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
