import { makeStyles, Select, tokens } from '@fluentui/react-components';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isLocale, LOCALES } from '@teamim/domain';
import { saveLocale, switchLocale } from './i18n';
import { useAppServices } from './services';
import { useText } from './text';

const useStyles = makeStyles({
  root: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  label: { color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200 },
});

/** Language picker; the choice is stored (spec §3 locale) and applied once its strings are loaded. */
export function LanguageSwitch() {
  const { i18n } = useTranslation();
  const { localStore } = useAppServices();
  const { t } = useText();
  const id = useId();
  const styles = useStyles();
  return (
    <span className={styles.root}>
      <label htmlFor={id} className={styles.label}>
        {t('ui.language.label')}
      </label>
      <Select
        id={id}
        size="small"
        value={i18n.language}
        onChange={(_event, data) => {
          const locale = data.value;
          if (!isLocale(locale)) return;
          // The other locale's strings load first; on failure the page stays in the current one.
          switchLocale(i18n, locale).then(
            () => {
              saveLocale(localStore, locale);
              document.documentElement.lang = locale;
            },
            (error: unknown) => console.error('could not load the strings of', locale, error),
          );
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
