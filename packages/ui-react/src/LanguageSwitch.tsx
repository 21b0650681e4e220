import { Select } from '@fluentui/react-components';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isLocale, LOCALES } from '@teamim/domain';
import { saveLocale } from './i18n';
import { useAppServices } from './services';
import { useText } from './text';

/** Language picker; the choice is stored (spec §3 locale) and applied at once. */
export function LanguageSwitch() {
  const { i18n } = useTranslation();
  const { localStore } = useAppServices();
  const { t } = useText();
  const id = useId();
  return (
    <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
      <label htmlFor={id}>{t('ui.language.label')}</label>
      <Select
        id={id}
        value={i18n.language}
        onChange={(_event, data) => {
          if (!isLocale(data.value)) return;
          saveLocale(localStore, data.value);
          void i18n.changeLanguage(data.value);
          document.documentElement.lang = data.value;
        }}
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale}>
            {t(`ui.language.${locale}`)}
          </option>
        ))}
      </Select>
    </span>
  );
}
