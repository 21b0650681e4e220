import { accountSettingsViewModel } from '@teamim/application';
import {
  Button,
  Field,
  makeStyles,
  Radio,
  RadioGroup,
  Select,
  Text,
  tokens,
} from '@fluentui/react-components';
import { ChevronRightRegular } from '@fluentui/react-icons';
import { isLocale } from '@teamim/domain';
import { useObservableEagerState } from 'observable-hooks';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppearance } from '../appearance';
import { CardDialog } from '../common/CardDialog';
import { useDesktopSlots } from '../desktop-slots';
import { switchLocale } from '../i18n';
import { useViewModel } from '../session';
import { useText } from '../text';
import { useAccountSettingsSlots } from './account-settings-slots';

const useStyles = makeStyles({
  sections: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  heading: {
    margin: 0,
    fontSize: tokens.fontSizeBase200,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorNeutralForeground2,
    textTransform: 'uppercase',
    letterSpacing: '0.04em',
  },
  row: {
    width: '100%',
    justifyContent: 'space-between',
    fontWeight: tokens.fontWeightRegular,
    paddingInline: tokens.spacingHorizontalS,
  },
  radios: { display: 'flex', flexWrap: 'wrap' },
});

/**
 * Account settings (spec §2): language and theme (applied at once, remembered), new-message
 * notifications (the notifications feature's, through a slot), the desktop's close action (its slot;
 * nothing on the web), the blacklist and the pay password.
 */
export function AccountSettingsDialog(props: {
  readonly onClose: () => void;
  /** Opens the pay-password dialog in place of this one (Fluent's nested modals leave the outer one hidden). */
  readonly onPayPassword: () => void;
}) {
  const { onClose, onPayPassword } = props;
  const appearance = useAppearance();
  const vm = useViewModel((vms) => vms.build(accountSettingsViewModel, appearance));
  const state = useObservableEagerState(vm.state$);
  const { t } = useText();
  const { i18n } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const DesktopSettings = useDesktopSlots().accountSettings;
  const NotificationSetting = useAccountSettingsSlots().notifications;

  const changeLocale = (locale: string) => {
    if (!isLocale(locale)) return;
    // The other locale's strings load first; on failure the page stays in the current one.
    switchLocale(i18n, locale).then(
      () => {
        vm.setLocale(locale);
        document.documentElement.lang = locale;
      },
      (error: unknown) => console.error('could not load the strings of', locale, error),
    );
  };

  return (
    <CardDialog title={t('ui.settings.title')} width="modal" onClose={onClose}>
      <div className={styles.sections}>
        <section className={styles.section} aria-labelledby="settings-general">
          <h3 id="settings-general" className={styles.heading}>
            {t('ui.settings.general')}
          </h3>
          <Field label={t('ui.settings.language')}>
            <Select value={state.locale} onChange={(_e, data) => changeLocale(data.value)}>
              {state.locales.map((locale) => (
                <option key={locale} value={locale}>
                  {t(`ui.language.${locale}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('ui.settings.themeLabel')}>
            <RadioGroup
              layout="horizontal"
              className={styles.radios}
              value={state.theme}
              onChange={(_e, data) => vm.setTheme(data.value)}
            >
              {state.themes.map((theme) => (
                <Radio key={theme} value={theme} label={t(`ui.settings.theme.${theme}`)} />
              ))}
            </RadioGroup>
          </Field>
          {/* New-message notifications */}
          {NotificationSetting !== undefined && <NotificationSetting />}
          {DesktopSettings !== undefined && <DesktopSettings />}
        </section>
        <section className={styles.section} aria-labelledby="settings-privacy">
          <h3 id="settings-privacy" className={styles.heading}>
            {t('ui.settings.privacy')}
          </h3>
          <Button
            appearance="subtle"
            className={styles.row}
            icon={<ChevronRightRegular />}
            iconPosition="after"
            onClick={() => {
              onClose();
              void navigate(state.blacklistRoute);
            }}
          >
            {t('ui.settings.openBlacklist')}
          </Button>
          <Button
            appearance="subtle"
            className={styles.row}
            icon={<ChevronRightRegular />}
            iconPosition="after"
            aria-haspopup="dialog"
            onClick={onPayPassword}
          >
            <Text>{t(state.hasPayPassword ? 'ui.settings.changePay' : 'ui.settings.setPay')}</Text>
          </Button>
        </section>
      </div>
    </CardDialog>
  );
}
