import type { I18nKey, Result } from '@teamim/domain';
import type { Notifier } from '../ports/notifier.port';
import { attempt, type RemoteFailure } from '../shared/remote-error';
import type { GroupEvent } from '../ports/groups.port';

/** What a group event changes about the open group conversation's info and the user's own membership. */
export type OpenGroupChange = 'groupInfo' | 'refreshOwnMember' | 'clearOwnMember' | 'rejoined' | undefined;

/**
 * Spec §4: the open group's info follows its info events; the own membership is refreshed when the
 * change is the own, and cleared when the user leaves or the group is dismissed. Nothing changes for
 * other groups, other members, or when no group is open (`groupID` '').
 */
export function openGroupChange(event: GroupEvent, groupID: string, selfUserID: string): OpenGroupChange {
  if (groupID === '') return undefined;
  switch (event.type) {
    case 'groupInfoChanged':
      return event.group.groupID === groupID ? 'groupInfo' : undefined;
    // A member again (re-invited, application accepted): the SDK reports no own memberAdded then.
    case 'joinedGroupAdded':
      return event.group.groupID === groupID ? 'rejoined' : undefined;
    case 'memberAdded':
    case 'memberInfoChanged':
      return event.member.groupID === groupID && event.member.userID === selfUserID
        ? 'refreshOwnMember'
        : undefined;
    case 'memberDeleted':
      return event.member.groupID === groupID && event.member.userID === selfUserID
        ? 'clearOwnMember'
        : undefined;
    case 'groupDismissed':
    case 'joinedGroupDeleted':
      return event.group.groupID === groupID ? 'clearOwnMember' : undefined;
    default:
      return undefined;
  }
}

/**
 * Reads the open group's info or own membership; a failure shows its toast (spec §8
 * toast.getGroupInfoFailed / toast.getGroupMemberFailed) and is returned.
 */
export function readOpenGroup<T>(
  read: () => Promise<T>,
  notifier: Notifier,
  what: 'Info' | 'Member',
): Promise<Result<T, RemoteFailure>> {
  return attemptOrToast(read, notifier, `toast.getGroup${what}Failed`);
}

/** A remote call whose failure shows the error toast `key` (and is returned). */
export async function attemptOrToast<T>(
  call: () => Promise<T>,
  notifier: Notifier,
  key: I18nKey,
): Promise<Result<T, RemoteFailure>> {
  const result = await attempt(call);
  if (!result.ok) notifier.notify({ level: 'error', key });
  return result;
}
