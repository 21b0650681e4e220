import {
  Button,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Radio,
  RadioGroup,
  Tab,
  TabList,
  Title2,
} from '@fluentui/react-components';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { STORAGE_KEYS, type DisplayText } from '@teamim/domain';
import { storeCredentials } from '../credentials';
import { failureText } from '../errors';
import { LanguageSwitch } from '../LanguageSwitch';
import { useAppServices, type AccountIdentifier, type CodePurpose } from '../services';
import { useText } from '../text';
import type { UiKey } from '../ui-messages';
import {
  validateIdentifier,
  validateLogin,
  validateRegister,
  validateReset,
  type CredentialKind,
  type FieldErrors,
  type FormField,
  type IdentifierKind,
} from './forms';

type Mode = 'login' | 'register' | 'reset' | 'qr';
type NoticeText = DisplayText | { readonly kind: 'ui'; readonly key: UiKey };
type Notice = { readonly intent: 'error' | 'success'; readonly text: NoticeText };

const RESEND_SECONDS = 60;

/** Sign-in, registration and password reset (spec §2 /login, §5 validation, §8 server texts). */
export function LoginPage() {
  const { account, sessionStore, localStore } = useAppServices();
  const { t, display } = useText();
  const navigate = useNavigate();

  const [mode, setMode] = useState<Mode>('login');
  const [kind, setKind] = useState<IdentifierKind>(() =>
    localStore.get(STORAGE_KEYS.local.loginMethod) === 'phone' ? 'phone' : 'email',
  );
  const [credential, setCredential] = useState<CredentialKind>('password');
  const [email, setEmail] = useState(() => localStore.get(STORAGE_KEYS.local.email) ?? '');
  const [areaCode, setAreaCode] = useState(() => localStore.get(STORAGE_KEYS.local.areaCode) ?? '+86');
  const [phone, setPhone] = useState(() => localStore.get(STORAGE_KEYS.local.phoneNumber) ?? '');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [verificationCode, setVerificationCode] = useState('');
  const [nickname, setNickname] = useState('');
  const [invitationCode, setInvitationCode] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState<Notice | undefined>();
  const [busy, setBusy] = useState(false);
  const [resendIn, setResendIn] = useState(0);

  useEffect(() => {
    if (resendIn <= 0) return;
    const timer = setTimeout(() => setResendIn((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [resendIn]);

  const identifierInput = { kind, email, areaCode, phone };

  const fieldProps = (field: FormField) => {
    const error = errors[field];
    return error === undefined
      ? {}
      : { validationState: 'error' as const, validationMessage: t(error.i18nKey, error.params) };
  };

  const switchMode = (next: Mode) => {
    setMode(next);
    setErrors({});
    setNotice(undefined);
    setPassword('');
    setConfirmPassword('');
    setVerificationCode('');
  };

  const rememberIdentifier = (identifier: AccountIdentifier) => {
    localStore.set(STORAGE_KEYS.local.loginMethod, kind);
    if ('email' in identifier) localStore.set(STORAGE_KEYS.local.email, identifier.email);
    else {
      localStore.set(STORAGE_KEYS.local.areaCode, identifier.areaCode);
      localStore.set(STORAGE_KEYS.local.phoneNumber, identifier.phoneNumber);
    }
  };

  const run = async (call: () => Promise<void>) => {
    setBusy(true);
    setNotice(undefined);
    try {
      await call();
    } catch (error: unknown) {
      setNotice({ intent: 'error', text: failureText(error) });
    } finally {
      setBusy(false);
    }
  };

  const sendCode = () => {
    const checked = validateIdentifier(identifierInput);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    const purpose: CodePurpose =
      mode === 'register' ? 'register' : mode === 'reset' ? 'resetPassword' : 'login';
    const invitation = invitationCode.trim();
    void run(async () => {
      await account.sendCode(
        checked.value,
        purpose,
        mode === 'register' && invitation !== '' ? invitation : undefined,
      );
      setResendIn(RESEND_SECONDS);
      setNotice({ intent: 'success', text: { kind: 'ui', key: 'ui.login.codeSent' } });
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (mode === 'login') {
      const checked = validateLogin({ identifier: identifierInput, credential, password, verificationCode });
      if (!checked.ok) return setErrors(checked.errors);
      setErrors({});
      const request = checked.value;
      void run(async () => {
        const credentials =
          request.credential === 'password'
            ? await account.loginWithPassword(request.identifier, request.password)
            : await account.loginWithCode(request.identifier, request.verifyCode);
        rememberIdentifier(request.identifier);
        storeCredentials(sessionStore, credentials);
        await navigate('/chat', { replace: true });
      });
    } else if (mode === 'register') {
      const checked = validateRegister({
        identifier: identifierInput,
        nickname,
        password,
        confirmPassword,
        verificationCode,
        invitationCode,
      });
      if (!checked.ok) return setErrors(checked.errors);
      setErrors({});
      const request = checked.value;
      void run(async () => {
        const credentials = await account.register(request);
        rememberIdentifier(request.identifier);
        storeCredentials(sessionStore, credentials);
        await navigate('/chat', { replace: true });
      });
    } else if (mode === 'reset') {
      const checked = validateReset({
        identifier: identifierInput,
        verificationCode,
        password,
        confirmPassword,
      });
      if (!checked.ok) return setErrors(checked.errors);
      setErrors({});
      const request = checked.value;
      void run(async () => {
        await account.resetPassword(request.identifier, request.verifyCode, request.password);
        switchMode('login');
        setNotice({ intent: 'success', text: { kind: 'ui', key: 'ui.login.resetDone' } });
      });
    }
  };

  const codeField = (
    <Field label={t('ui.field.verificationCode')} {...fieldProps('verificationCode')}>
      <div style={{ display: 'flex', gap: 8 }}>
        <Input
          style={{ flex: 1 }}
          inputMode="numeric"
          autoComplete="one-time-code"
          value={verificationCode}
          onChange={(_e, d) => setVerificationCode(d.value)}
        />
        <Button onClick={sendCode} disabled={busy || resendIn > 0}>
          {resendIn > 0 ? t('ui.action.resendIn', { seconds: resendIn }) : t('ui.action.sendCode')}
        </Button>
      </div>
    </Field>
  );
  const passwordPairFields = (label: 'ui.field.password' | 'ui.field.newPassword') => (
    <>
      <Field label={t(label)} {...fieldProps('password')}>
        <Input
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(_e, d) => setPassword(d.value)}
        />
      </Field>
      <Field label={t('ui.field.confirmPassword')} {...fieldProps('confirmPassword')}>
        <Input
          type="password"
          autoComplete="new-password"
          value={confirmPassword}
          onChange={(_e, d) => setConfirmPassword(d.value)}
        />
      </Field>
    </>
  );

  return (
    <main style={{ display: 'grid', placeItems: 'center', minHeight: '100vh', padding: 16 }}>
      <div style={{ width: 'min(420px, 100%)', display: 'flex', flexDirection: 'column', gap: 12 }}>
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
          <Title2 as="h1">{t('ui.login.title')}</Title2>
        </div>
        <LanguageSwitch />
        <TabList selectedValue={mode} onTabSelect={(_e, d) => switchMode(d.value as Mode)}>
          <Tab value="login">{t('ui.login.tab.login')}</Tab>
          <Tab value="register">{t('ui.login.tab.register')}</Tab>
          <Tab value="reset">{t('ui.login.tab.reset')}</Tab>
          <Tab value="qr">{t('ui.login.tab.qr')}</Tab>
        </TabList>
        {notice !== undefined && (
          <MessageBar intent={notice.intent} role={notice.intent === 'error' ? 'alert' : 'status'}>
            <MessageBarBody>
              {notice.text.kind === 'ui' ? t(notice.text.key) : display(notice.text)}
            </MessageBarBody>
          </MessageBar>
        )}
        {mode === 'qr' ? (
          <p>{t('ui.login.qrUnavailable')}</p>
        ) : (
          <form noValidate onSubmit={submit} style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
            <Field label={t('ui.login.identifierKind')}>
              <RadioGroup
                layout="horizontal"
                value={kind}
                onChange={(_e, d) => setKind(d.value as IdentifierKind)}
              >
                <Radio value="email" label={t('ui.login.method.email')} />
                <Radio value="phone" label={t('ui.login.method.phone')} />
              </RadioGroup>
            </Field>
            {kind === 'email' ? (
              <Field label={t('ui.field.email')} {...fieldProps('email')}>
                <Input
                  type="email"
                  autoComplete="email"
                  value={email}
                  onChange={(_e, d) => setEmail(d.value)}
                />
              </Field>
            ) : (
              <div style={{ display: 'flex', gap: 8 }}>
                <Field label={t('ui.field.areaCode')} style={{ width: 110 }} {...fieldProps('areaCode')}>
                  <Input value={areaCode} onChange={(_e, d) => setAreaCode(d.value)} />
                </Field>
                <Field label={t('ui.field.phone')} style={{ flex: 1 }} {...fieldProps('phone')}>
                  <Input
                    type="tel"
                    autoComplete="tel-national"
                    value={phone}
                    onChange={(_e, d) => setPhone(d.value)}
                  />
                </Field>
              </div>
            )}
            {mode === 'login' && (
              <>
                <Field label={t('ui.login.credentialKind')}>
                  <RadioGroup
                    layout="horizontal"
                    value={credential}
                    onChange={(_e, d) => setCredential(d.value as CredentialKind)}
                  >
                    <Radio value="password" label={t('ui.login.withPassword')} />
                    <Radio value="code" label={t('ui.login.withCode')} />
                  </RadioGroup>
                </Field>
                {credential === 'password' ? (
                  <Field label={t('ui.field.password')} {...fieldProps('password')}>
                    <Input
                      type="password"
                      autoComplete="current-password"
                      value={password}
                      onChange={(_e, d) => setPassword(d.value)}
                    />
                  </Field>
                ) : (
                  codeField
                )}
              </>
            )}
            {mode === 'register' && (
              <>
                <Field label={t('ui.field.nickname')} {...fieldProps('nickname')}>
                  <Input value={nickname} onChange={(_e, d) => setNickname(d.value)} />
                </Field>
                {passwordPairFields('ui.field.password')}
                <Field label={t('ui.field.invitationCode')}>
                  <Input value={invitationCode} onChange={(_e, d) => setInvitationCode(d.value)} />
                </Field>
                {codeField}
              </>
            )}
            {mode === 'reset' && (
              <>
                {codeField}
                {passwordPairFields('ui.field.newPassword')}
              </>
            )}
            <Button type="submit" appearance="primary" disabled={busy}>
              {mode === 'login'
                ? t('ui.action.signIn')
                : mode === 'register'
                  ? t('ui.action.register')
                  : t('ui.action.resetPassword')}
            </Button>
          </form>
        )}
      </div>
    </main>
  );
}
