import { NOTIFICATION_NAME_LIMIT } from '../constants';
import { ContentType } from '../entities/message';
import type { Message } from '../entities/message';
import type { Locale } from '../entities/settings';
import type { I18nKey } from '../i18n/messages';
import { template, translate } from '../i18n/translate';
import { displayName } from './display-name';
import type { NamingContext } from './display-name';
import { formatMuteDuration } from './mute';

/**
 * Plain-text notification tips (group events, friend added, revoke). The result is text, never
 * markup: nicknames are user-controlled and must be rendered as text by the UI.
 */

/**
 * A sentence whose names were put in their in-sentence form ("you"): when the template starts with a
 * placeholder that holds the self word, that first word takes the sentence-start form ("You").
 */
function sentence(locale: Locale, key: I18nKey, params: Readonly<Record<string, string>>): string {
  const text = translate(locale, key, params);
  const first = /^\{\{\s*([A-Za-z0-9_]+)\s*\}\}/.exec(template(locale, key))?.[1];
  const inner = translate(locale, 'message.youInSentence');
  const value = first === undefined ? undefined : params[first];
  const startsWithSelf =
    value === inner || value?.startsWith(inner + translate(locale, 'notification.nameSeparator')) === true;
  if (!startsWithSelf) return text;
  return translate(locale, 'message.you') + text.slice(inner.length);
}

export type NameListOverflow = 'count' | 'ellipsis';

/**
 * §5 Notification lists: at most the first 3 names, then "and N people" (N is the total), or "..."
 * for the rich kick text.
 */
export function formatNameList(
  names: readonly string[],
  locale: Locale,
  overflow: NameListOverflow = 'count',
  limit: number = NOTIFICATION_NAME_LIMIT,
): string {
  const separator = translate(locale, 'notification.nameSeparator');
  const shown = names.slice(0, limit).join(separator);
  if (names.length <= limit) return shown;
  return overflow === 'count'
    ? translate(locale, 'notification.andMore', { names: shown, count: names.length })
    : translate(locale, 'notification.ellipsis', { names: shown });
}

interface TipsUser {
  readonly userID: string;
  readonly nickname?: string;
}

function parseDetail(message: Message): Record<string, unknown> | undefined {
  const detail = message.notificationElem?.detail;
  if (detail === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(detail);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

function asUser(value: unknown): TipsUser | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { userID, nickname } = value as Record<string, unknown>;
  if (typeof userID !== 'string') return undefined;
  return typeof nickname === 'string' ? { userID, nickname } : { userID };
}

function asUsers(value: unknown): readonly TipsUser[] {
  if (!Array.isArray(value)) return [];
  return value.map(asUser).filter((user): user is TipsUser => user !== undefined);
}

export interface NotificationTextOptions {
  /** Use "..." instead of "and N people" for kicked members (the rich rendering). */
  readonly kickOverflow?: NameListOverflow;
}

/**
 * The tip text of a notification message, or undefined when the message is not a notification or
 * its detail lacks what the text needs.
 */
export function notificationText(
  message: Message,
  context: NamingContext,
  options: NotificationTextOptions = {},
): string | undefined {
  const { locale } = context;
  if (message.contentType === ContentType.FriendAdded) return translate(locale, 'notification.friendAdded');
  if (message.contentType === ContentType.BurnMessageChange)
    return translate(locale, 'notification.burnChanged');
  const detail = parseDetail(message);
  if (detail === undefined) return undefined;
  const name = (user: TipsUser | undefined): string | undefined =>
    user === undefined ? undefined : displayName(user, context, true);
  const operator = name(asUser(detail['opUser']));
  const names = (key: string, overflow: NameListOverflow = 'count'): string | undefined => {
    const users = asUsers(detail[key]);
    return users.length === 0
      ? undefined
      : formatNameList(
          users.map((u) => displayName(u, context, true)),
          locale,
          overflow,
        );
  };
  const withOperator = (key: I18nKey): string | undefined =>
    operator === undefined ? undefined : sentence(locale, key, { operator });

  switch (message.contentType) {
    case ContentType.GroupCreated:
      return withOperator('notification.groupCreated');
    case ContentType.GroupInfoUpdated:
      return withOperator('notification.groupInfoUpdated');
    case ContentType.GroupAnnouncementUpdated:
      return withOperator('notification.announcementUpdated');
    case ContentType.GroupDismissed:
      return withOperator('notification.groupDismissed');
    case ContentType.GroupMuted:
      return withOperator('notification.groupMuted');
    case ContentType.GroupCancelMuted:
      return withOperator('notification.groupUnmuted');
    case ContentType.GroupNameUpdated: {
      const group = detail['group'];
      const groupName =
        typeof group === 'object' && group !== null
          ? (group as Record<string, unknown>)['groupName']
          : undefined;
      if (operator === undefined || typeof groupName !== 'string') return undefined;
      return sentence(locale, 'notification.groupNameUpdated', { operator, name: groupName });
    }
    case ContentType.MemberQuit: {
      const user = name(asUser(detail['quitUser']));
      return user === undefined ? undefined : sentence(locale, 'notification.memberQuit', { user });
    }
    case ContentType.MemberEnter: {
      const user = name(asUser(detail['entrantUser']));
      return user === undefined ? undefined : sentence(locale, 'notification.memberEnter', { user });
    }
    case ContentType.GroupOwnerTransferred: {
      const user = name(asUser(detail['newGroupOwner']));
      if (operator === undefined || user === undefined) return undefined;
      return sentence(locale, 'notification.ownerTransferred', { operator, user });
    }
    case ContentType.MemberInvited: {
      const users = names('invitedUserList');
      if (operator === undefined || users === undefined) return undefined;
      return sentence(locale, 'notification.memberInvited', { operator, users });
    }
    case ContentType.MemberKicked: {
      const users = names('kickedUserList', options.kickOverflow ?? 'count');
      if (operator === undefined || users === undefined) return undefined;
      return sentence(locale, 'notification.memberKicked', { operator, users });
    }
    case ContentType.GroupMemberMuted: {
      const user = name(asUser(detail['mutedUser']));
      const seconds = detail['mutedSeconds'];
      if (operator === undefined || user === undefined || typeof seconds !== 'number') return undefined;
      return sentence(locale, 'notification.memberMuted', {
        operator,
        user,
        duration: formatMuteDuration(seconds, locale),
      });
    }
    case ContentType.GroupMemberCancelMuted: {
      const user = name(asUser(detail['mutedUser']));
      if (operator === undefined || user === undefined) return undefined;
      return sentence(locale, 'notification.memberUnmuted', { operator, user });
    }
    // Administrator set or unset (GroupMemberInfoSetTips' changedUser).
    case ContentType.GroupMemberSetToAdmin:
    case ContentType.GroupMemberSetToOrdinary: {
      const user = name(asUser(detail['changedUser']));
      if (operator === undefined || user === undefined) return undefined;
      const key =
        message.contentType === ContentType.GroupMemberSetToAdmin
          ? 'notification.adminSet'
          : 'notification.adminUnset';
      return sentence(locale, key, { operator, user });
    }
    case ContentType.Revoke: {
      const revokerID = detail['revokerID'];
      const revokerNickname = detail['revokerNickname'];
      if (typeof revokerID !== 'string') return undefined;
      const revoker = displayName(
        typeof revokerNickname === 'string'
          ? { userID: revokerID, nickname: revokerNickname }
          : { userID: revokerID },
        context,
        true,
      );
      return sentence(locale, 'message.revoked', { name: revoker });
    }
    default:
      return undefined;
  }
}
