import { isLocale, type LocalizedText, type MessageParams } from '@teamim/domain';
import { useTranslation } from 'react-i18next';
import { useText } from '../text';
import { MEETING_MESSAGES } from './messages';

export type MeetingKey = keyof typeof MEETING_MESSAGES;

/**
 * `useText` plus the meetings' own strings, added to the current language's table when a meeting view
 * first renders in it: the sign-in page and the conversation list do not carry them.
 */
export function useMeetingText(): ReturnType<typeof useText> & {
  mt: (key: MeetingKey, params?: MessageParams) => string;
} {
  const text = useText();
  const { t: translate, i18n } = useTranslation();
  const language = i18n.language;
  if (isLocale(language) && !i18n.exists('ui.meeting.join', { lng: language })) {
    const table: Record<string, string> = {};
    for (const [key, value] of Object.entries(MEETING_MESSAGES) as [string, LocalizedText][]) {
      table[key] = value[language];
    }
    i18n.addResources(language, 'translation', table);
  }
  const mt = (key: MeetingKey, params?: MessageParams): string =>
    params === undefined ? translate(key) : translate(key, params);
  return { ...text, mt };
}
