import { isLocale, nestByDots } from '@teamim/domain';
import { useTranslation } from 'react-i18next';
import { registerUiMessages } from '../ui-message-registry';
import { MEETING_ROOM_MESSAGES } from './messages';

// A locale loaded later (the user switches language) takes the strings from the registry.
registerUiMessages(MEETING_ROOM_MESSAGES);

/** Adds the meeting view's strings to the running i18next instance, which was built before they loaded. */
export function useMeetingRoomMessages(): void {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  if (!isLocale(locale) || i18n.exists('ui.meetingRoom.endForAll', { lng: locale })) return;
  const table: Record<string, string> = {};
  for (const [key, text] of Object.entries(MEETING_ROOM_MESSAGES)) table[key] = text[locale];
  i18n.addResourceBundle(locale, 'translation', nestByDots(table), true, false);
}
