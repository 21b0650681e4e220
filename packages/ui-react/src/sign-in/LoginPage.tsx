import {
  Body1,
  Caption1,
  makeStyles,
  MessageBar,
  MessageBarBody,
  shorthands,
  Spinner,
  Title2,
  tokens,
} from '@fluentui/react-components';
import type { SignInNotice, SignInTab } from '@teamim/application';
import { useObservableEagerState } from 'observable-hooks';
import { lazy, Suspense, useEffect, useId, useRef, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { LanguageSwitch } from '../LanguageSwitch';
import { retryingImport } from '../retrying-import';
import { useQrSignInOffered } from '../services';
import { useText } from '../text';
import type { UiKey } from '../ui-messages';
import { SignInForm } from './SignInForm';
import { FORM_TABS, panelId, SIGN_IN_TABS, SignInTabs, tabId } from './SignInTabs';
import { useSignInViewModel } from './use-sign-in';

const useStyles = makeStyles({
  page: {
    boxSizing: 'border-box',
    minHeight: '100vh',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingVerticalL,
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorNeutralBackground2,
    backgroundImage: `radial-gradient(circle at 50% 0%, ${tokens.colorBrandBackground2} 0%, transparent 60%)`,
  },
  card: {
    boxSizing: 'border-box',
    width: '100%',
    maxWidth: '460px',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalXXL}`,
    borderRadius: tokens.borderRadiusXLarge,
    ...shorthands.border(tokens.strokeWidthThin, 'solid', tokens.colorNeutralStroke2),
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow16,
  },
  top: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
  },
  logo: {
    display: 'grid',
    placeItems: 'center',
    width: '40px',
    height: '40px',
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    fontSize: tokens.fontSizeBase500,
    fontWeight: tokens.fontWeightBold,
  },
  heading: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  title: { margin: 0 },
  subtitle: { color: tokens.colorNeutralForeground2 },
  panel: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  footer: { color: tokens.colorNeutralForeground3, textAlign: 'center' },
});

const SUBTITLES: Record<SignInTab, UiKey> = {
  login: 'ui.login.subtitle.login',
  qr: 'ui.login.subtitle.login',
  register: 'ui.login.subtitle.register',
  reset: 'ui.login.subtitle.reset',
};

function Notice({ notice }: { readonly notice: SignInNotice }) {
  const { t, display } = useText();
  const error = notice.kind === 'failure';
  const text =
    notice.kind === 'failure'
      ? display(notice.text)
      : t(notice.kind === 'codeSent' ? 'ui.login.codeSent' : 'ui.login.resetDone');
  return (
    <MessageBar intent={error ? 'error' : 'success'} role={error ? 'alert' : 'status'}>
      <MessageBarBody>{text}</MessageBarBody>
    </MessageBar>
  );
}

// The QR tab's view loads when the tab is first shown.
const QrSignInPanel = lazy(
  retryingImport(() => import('./QrSignInPanel').then((m) => ({ default: m.QrSignInPanel }))),
);

/** Sign-in, registration, password reset and sign-in by QR code (spec §2 /login, §4, §5, §8). */
export function LoginPage() {
  const qrOffered = useQrSignInOffered();
  const vm = useSignInViewModel();
  const state = useObservableEagerState(vm.state$);
  const styles = useStyles();
  const { t } = useText();
  const navigate = useNavigate();
  // The page the route guard sent this browser here from (routing/routes.tsx): signing in may lead back.
  const interrupted = (useLocation().state as { readonly from?: unknown } | null)?.from;
  const idBase = useId();
  const form = useRef<HTMLFormElement>(null);
  const focusInvalid = useRef(false);

  // After a submit the form refuses, focus goes to the first field to fix (its message describes it).
  // The view model sets the errors during `submit()`, so the flag is raised before calling it.
  useEffect(() => {
    if (!focusInvalid.current) return;
    focusInvalid.current = false;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [state.errors]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    focusInvalid.current = true;
    void vm.submit(interrupted).then(async (result) => {
      if (result.ok && result.value.kind === 'signedIn') await navigate(result.value.next, { replace: true });
    });
  };

  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <div className={styles.top}>
          <span className={styles.logo} aria-hidden="true">
            T
          </span>
          <LanguageSwitch />
        </div>
        <div className={styles.heading}>
          <Title2 as="h1" className={styles.title}>
            {t('ui.login.title')}
          </Title2>
          <Body1 className={styles.subtitle}>{t(SUBTITLES[state.tab])}</Body1>
        </div>
        <SignInTabs
          idBase={idBase}
          tabs={qrOffered ? SIGN_IN_TABS : FORM_TABS}
          selected={state.tab}
          onSelect={(tab) => vm.selectTab(tab)}
        />
        <div
          role="tabpanel"
          id={panelId(idBase)}
          aria-labelledby={tabId(idBase, state.tab)}
          className={styles.panel}
        >
          {state.notice !== undefined && <Notice notice={state.notice} />}
          {state.tab !== 'qr' ? (
            <SignInForm vm={vm} state={state} tab={state.tab} onSubmit={submit} formRef={form} />
          ) : (
            <Suspense fallback={<Spinner size="small" />}>
              <QrSignInPanel />
            </Suspense>
          )}
        </div>
      </div>
      <Caption1 as="p" className={styles.footer}>
        {t('ui.login.footer')}
      </Caption1>
    </main>
  );
}
