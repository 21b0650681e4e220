import { isLocale, type LocalizedText, type MessageParams } from '@teamim/domain';
import { useTranslation } from 'react-i18next';
import { useText } from '../text';
import { QR_SIGN_IN_MESSAGES } from './qr-messages';

export type QrKey = keyof typeof QR_SIGN_IN_MESSAGES;

/**
 * `useText` plus this feature's own strings, which are added to the current language's table when a view
 * of the feature first renders in it (they are not part of the app's first load).
 */
export function useQrText(): ReturnType<typeof useText> & {
  qt: (key: QrKey, params?: MessageParams) => string;
} {
  const text = useText();
  const { t: translate, i18n } = useTranslation();
  const language = i18n.language;
  if (isLocale(language) && !i18n.exists('ui.qr.image', { lng: language })) {
    const table: Record<string, string> = {};
    for (const [key, value] of Object.entries(QR_SIGN_IN_MESSAGES) as [string, LocalizedText][]) {
      table[key] = value[language];
    }
    i18n.addResources(language, 'translation', table);
  }
  const qt = (key: QrKey, params?: MessageParams): string =>
    params === undefined ? translate(key) : translate(key, params);
  return { ...text, qt };
}
