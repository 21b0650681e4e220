import {
  Button,
  Field,
  Input,
  makeStyles,
  Radio,
  RadioGroup,
  Spinner,
  tokens,
  type InputProps,
} from '@fluentui/react-components';
import type { SignInField, SignInState, SignInViewModel } from '@teamim/application';
import type { FormEvent, Ref } from 'react';
import { useText } from '../text';
import type { UiKey } from '../ui-messages';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  pair: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(150px, 1fr))',
    alignItems: 'start',
    '& > *': { minWidth: 0 },
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalM,
  },
  phone: {
    display: 'grid',
    gridTemplateColumns: '96px 1fr',
    alignItems: 'start',
    // Grid items default to their content's width; a text input's is about 20 characters.
    '& > *': { minWidth: 0 },
    columnGap: tokens.spacingHorizontalM,
  },
  input: { width: '100%' },
  // A percentage width lets a text input shrink below its default 20 characters (the area code).
  nativeInput: { width: '100%' },
  choices: { marginInlineStart: `calc(-1 * ${tokens.spacingHorizontalS})` },
  sendCode: { minWidth: 'auto', whiteSpace: 'nowrap' },
  submit: { marginBlockStart: tokens.spacingVerticalS, width: '100%' },
});

const SUBMIT: Record<'login' | 'register' | 'reset', UiKey> = {
  login: 'ui.action.signIn',
  register: 'ui.action.register',
  reset: 'ui.action.resetPassword',
};

/** The fields of the sign-in, register and reset tabs, bound to the sign-in view model. */
export function SignInForm(props: {
  readonly vm: SignInViewModel;
  readonly state: SignInState;
  readonly tab: 'login' | 'register' | 'reset';
  readonly onSubmit: (event: FormEvent) => void;
  readonly formRef?: Ref<HTMLFormElement>;
}) {
  const { vm, state, tab, onSubmit } = props;
  const styles = useStyles();
  const { t } = useText();

  const validation = (field: SignInField) => {
    const error = state.errors[field];
    return error === undefined
      ? {}
      : { validationState: 'error' as const, validationMessage: t(error.i18nKey, error.params) };
  };
  const input = (field: SignInField, extra: InputProps = {}) => (
    <Input
      className={styles.input}
      input={{ className: styles.nativeInput }}
      value={state.values[field]}
      onChange={(_event, data) => vm.setField(field, data.value)}
      {...extra}
    />
  );
  const field = (name: SignInField, label: UiKey, extra: InputProps = {}) => (
    <Field label={t(label)} {...validation(name)}>
      {input(name, extra)}
    </Field>
  );

  const codeField = field('verificationCode', 'ui.field.verificationCode', {
    inputMode: 'numeric',
    autoComplete: 'one-time-code',
    maxLength: 6,
    contentAfter: (
      <Button
        appearance="transparent"
        size="small"
        className={styles.sendCode}
        // Still focusable when disabled: a click that starts the countdown keeps focus here.
        disabledFocusable={state.busy || state.codeCountdown > 0}
        onClick={() => void vm.sendCode()}
      >
        {state.codeCountdown > 0
          ? t('ui.action.resendIn', { seconds: state.codeCountdown })
          : t('ui.action.sendCode')}
      </Button>
    ),
  });
  const newPassword = (label: UiKey) => (
    <div className={styles.pair}>
      {field('password', label, { type: 'password', autoComplete: 'new-password' })}
      {field('confirmPassword', 'ui.field.confirmPassword', {
        type: 'password',
        autoComplete: 'new-password',
      })}
    </div>
  );

  return (
    <form ref={props.formRef} noValidate onSubmit={onSubmit} className={styles.form}>
      <Field label={t('ui.login.identifierKind')}>
        <RadioGroup
          layout="horizontal"
          className={styles.choices}
          value={state.identifierKind}
          onChange={(_event, data) => vm.selectIdentifierKind(data.value === 'phone' ? 'phone' : 'email')}
        >
          <Radio value="email" label={t('ui.login.method.email')} />
          <Radio value="phone" label={t('ui.login.method.phone')} />
        </RadioGroup>
      </Field>
      {state.identifierKind === 'email' ? (
        field('email', 'ui.field.email', { type: 'email', autoComplete: 'email' })
      ) : (
        <div className={styles.phone}>
          {field('areaCode', 'ui.field.areaCode', { autoComplete: 'tel-country-code' })}
          {field('phone', 'ui.field.phone', { type: 'tel', autoComplete: 'tel-national' })}
        </div>
      )}
      {tab === 'login' && (
        <>
          <Field label={t('ui.login.credentialKind')}>
            <RadioGroup
              layout="horizontal"
              className={styles.choices}
              value={state.credential}
              onChange={(_event, data) => vm.selectCredential(data.value === 'code' ? 'code' : 'password')}
            >
              <Radio value="password" label={t('ui.login.withPassword')} />
              <Radio value="code" label={t('ui.login.withCode')} />
            </RadioGroup>
          </Field>
          {state.credential === 'password'
            ? field('password', 'ui.field.password', { type: 'password', autoComplete: 'current-password' })
            : codeField}
        </>
      )}
      {tab === 'register' && (
        <>
          <div className={styles.pair}>
            {field('nickname', 'ui.field.nickname', { autoComplete: 'nickname' })}
            {field('invitationCode', 'ui.field.invitationCode')}
          </div>
          {newPassword('ui.field.password')}
          {codeField}
        </>
      )}
      {tab === 'reset' && (
        <>
          {codeField}
          {newPassword('ui.field.newPassword')}
        </>
      )}
      <Button
        type="submit"
        appearance="primary"
        size="large"
        className={styles.submit}
        disabledFocusable={state.busy}
        icon={state.busy ? <Spinner size="tiny" /> : null}
      >
        {t(SUBMIT[tab])}
      </Button>
    </form>
  );
}
