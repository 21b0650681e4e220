import type { Locale } from '../entities/settings';
import { Gender } from '../entities/user';
import type { I18nKey } from '../i18n/messages';
import { translate } from '../i18n/translate';

export interface NamingContext {
  readonly locale: Locale;
  readonly selfUserID: string;
}

/**
 * §6 "Messages say 'you' for the current user"; others by nickname, else by user id. `inSentence` gives
 * the form used after the first word of a sentence (en-US "you", not "You").
 */
export function displayName(
  user: { readonly userID: string; readonly nickname?: string },
  context: NamingContext,
  inSentence = false,
): string {
  if (user.userID !== '' && user.userID === context.selfUserID)
    return translate(context.locale, inSentence ? 'message.youInSentence' : 'message.you');
  return user.nickname !== undefined && user.nickname !== '' ? user.nickname : user.userID;
}

/** A friend's name as lists show it: the remark when set, else the nickname, else the id. */
export function friendDisplayName(friend: {
  readonly userID: string;
  readonly nickname: string;
  readonly remark?: string;
}): string {
  if (friend.remark !== undefined && friend.remark.trim() !== '') return friend.remark;
  return friend.nickname !== '' ? friend.nickname : friend.userID;
}

/** §2 User card gender row: man or female; 0, absent or anything else is unknown. */
export function genderLabelKey(gender: number | undefined): I18nKey {
  if (gender === Gender.Man) return 'gender.man';
  if (gender === Gender.Female) return 'gender.female';
  return 'gender.unknown';
}

/** A conversation's name wherever it shows (list, header, drawer, search): its show name, else its id. */
export function conversationDisplayName(conversation: {
  readonly showName: string;
  readonly userID: string;
  readonly groupID: string;
}): string {
  if (conversation.showName.trim() !== '') return conversation.showName;
  return conversation.userID !== '' ? conversation.userID : conversation.groupID;
}

/** A group's name as lists and cards show it: its name, else its id. */
export function groupDisplayName(group: { readonly groupID: string; readonly groupName?: string }): string {
  return group.groupName !== undefined && group.groupName.trim() !== '' ? group.groupName : group.groupID;
}
