import { distinctUntilChanged, map, of, switchMap } from 'rxjs';
import {
  err,
  LoginMethod,
  ok,
  pathAfterSignIn,
  type DisplayText,
  type Result,
  type ValidationError,
} from '@teamim/domain';
import { CodeUsage, type AccountSession } from '../../ports/account-api.port';
import { stateFailure } from '../../shared/app-error';
import type { SignInError, SignInService } from '../../account/sign-in.service';
import { StateViewModel } from '../view-model';
import {
  DEFAULT_AREA_CODE,
  formErrors,
  identifierErrors,
  typedIdentifier,
  type CredentialKind,
  type FieldErrors,
  type IdentifierKind,
  type SignInField,
  type SignInTab,
  type SignInValues,
} from './sign-in-fields';

/** What the form announces above its fields: a confirmation, or a refusal in the spec's §8 words. */
export type SignInNotice =
  | { readonly kind: 'codeSent' }
  | { readonly kind: 'passwordReset' }
  | { readonly kind: 'failure'; readonly text: DisplayText };

export interface SignInState {
  readonly tab: SignInTab;
  readonly identifierKind: IdentifierKind;
  readonly credential: CredentialKind;
  readonly values: SignInValues;
  /** §5 messages per field, shown under each field. */
  readonly errors: FieldErrors;
  readonly notice: SignInNotice | undefined;
  /** A call is under way: the form's buttons wait. */
  readonly busy: boolean;
  /** Seconds before the current tab may send another code; 0 when it may. */
  readonly codeCountdown: number;
}

/**
 * Where a successful submit leaves the user: signed in, with the app's path to open (`next`), or back at
 * sign-in.
 */
export type SignInOutcome =
  | { readonly kind: 'signedIn'; readonly session: AccountSession; readonly next: string }
  | { readonly kind: 'passwordReset' };

const EMPTY_VALUES: SignInValues = {
  email: '',
  areaCode: DEFAULT_AREA_CODE,
  phone: '',
  password: '',
  confirmPassword: '',
  verificationCode: '',
  nickname: '',
  invitationCode: '',
};

const ACCESS_FAILED: DisplayText = { kind: 'i18n', i18nKey: 'toast.accessFailed' };

function failureText(error: SignInError): DisplayText {
  if (error.kind === 'remote') return error.display;
  if (error.kind === 'validation') {
    const { i18nKey, params } = error;
    return params === undefined ? { kind: 'i18n', i18nKey } : { kind: 'i18n', i18nKey, params };
  }
  // Only a lost session store ends here (the form never sends during a countdown).
  return ACCESS_FAILED;
}

/** Which code a tab sends (the chat API's `usedFor`); the QR tab sends none. */
function codeUsage(tab: SignInTab): CodeUsage | undefined {
  if (tab === 'login') return CodeUsage.Login;
  if (tab === 'register') return CodeUsage.Register;
  if (tab === 'reset') return CodeUsage.ResetPassword;
  return undefined;
}

function firstError(errors: FieldErrors): ValidationError | undefined {
  for (const [field, message] of Object.entries(errors)) {
    if (message !== undefined) return { kind: 'validation', field: field as SignInField, ...message };
  }
  return undefined;
}

/**
 * The /login screen (spec §2, §4, §5, §8): sign-in by password or code, registration, password reset.
 * It holds the fields, shows every §5 message at once before anything is sent, and turns the
 * server's refusals into the spec's texts. The calls, the code-resend countdown and the remembered
 * identity (spec §3 local storage) are {@link SignInService}'s; this view model only presents them.
 * It is app-level: it exists before any session, so the composition root creates it, not a session.
 */
export class SignInViewModel extends StateViewModel<SignInState> {
  constructor(private readonly service: SignInService) {
    const remembered = service.rememberedIdentity();
    super({
      tab: 'login',
      identifierKind: remembered.loginMethod === LoginMethod.Phone ? 'phone' : 'email',
      credential: 'password',
      values: {
        ...EMPTY_VALUES,
        email: remembered.email ?? '',
        areaCode: remembered.areaCode ?? DEFAULT_AREA_CODE,
        phone: remembered.phoneNumber ?? '',
      },
      errors: {},
      notice: undefined,
      busy: false,
      codeCountdown: 0,
    });
    this.own(
      this.state$
        .pipe(
          map((state) => codeUsage(state.tab)),
          distinctUntilChanged(),
          switchMap((usage) => (usage === undefined ? of(0) : service.codeCountdown$(usage))),
        )
        .subscribe((seconds) => this.patch({ codeCountdown: seconds })),
    );
  }

  /** Another tab: the identifier stays, secrets and messages go. */
  selectTab(tab: SignInTab): void {
    if (tab === this.state.tab) return;
    this.patch({
      tab,
      values: { ...this.state.values, password: '', confirmPassword: '', verificationCode: '' },
      errors: {},
      notice: undefined,
    });
  }

  selectIdentifierKind(kind: IdentifierKind): void {
    this.patch({ identifierKind: kind, errors: {} });
  }

  selectCredential(credential: CredentialKind): void {
    this.patch({ credential, errors: {} });
  }

  /** Typing in a field clears that field's message (the others stay until the next submit). */
  setField(field: SignInField, value: string): void {
    const { [field]: _cleared, ...errors } = this.state.errors;
    this.patch({ values: { ...this.state.values, [field]: value }, errors });
  }

  /** Sends a verification code for the current tab; refused while the countdown runs or a call is under way. */
  async sendCode(): Promise<Result<void, SignInError>> {
    const { tab, identifierKind, values } = this.state;
    const usage = codeUsage(tab);
    if (usage === undefined || this.state.busy) return err(stateFailure('busy'));
    if (this.state.codeCountdown > 0) return err(stateFailure('codeCountdown'));
    const errors = identifierErrors(identifierKind, values);
    const invalid = firstError(errors);
    if (invalid !== undefined) {
      this.patch({ errors });
      return err(invalid);
    }
    this.patch({ busy: true, errors: {}, notice: undefined });
    const sent = await this.service.sendCode(
      typedIdentifier(identifierKind, values),
      usage,
      tab === 'register' ? values.invitationCode : undefined,
    );
    if (sent.ok) this.patch({ busy: false, notice: { kind: 'codeSent' } });
    else this.fail(sent.error);
    return sent;
  }

  /**
   * Submits the current tab's form: sign in, register (and sign in), or reset the password.
   * `interrupted` is the page the route guard sent a signed-out browser here from: a sign-in link (a code
   * to confirm) is where signing in then leads, so the user need not open it again; else the chats.
   */
  async submit(interrupted?: unknown): Promise<Result<SignInOutcome, SignInError>> {
    const { tab, identifierKind, credential, values } = this.state;
    if (tab === 'qr' || this.state.busy) return err(stateFailure('busy'));
    const errors = formErrors(tab, identifierKind, credential, values);
    const invalid = firstError(errors);
    if (invalid !== undefined) {
      this.patch({ errors, notice: undefined });
      return err(invalid);
    }
    this.patch({ busy: true, errors: {}, notice: undefined });
    const identifier = typedIdentifier(identifierKind, values);
    if (tab === 'reset') {
      const reset = await this.service.resetPassword({
        identifier,
        verifyCode: values.verificationCode,
        password: values.password,
        confirmPassword: values.confirmPassword,
      });
      if (!reset.ok) return this.fail(reset.error);
      this.patch({
        tab: 'login',
        credential: 'password',
        values: { ...this.state.values, password: '', confirmPassword: '', verificationCode: '' },
        busy: false,
        notice: { kind: 'passwordReset' },
      });
      return ok({ kind: 'passwordReset' });
    }
    const session =
      tab === 'register'
        ? await this.service.register({
            identifier,
            verifyCode: values.verificationCode,
            nickname: values.nickname,
            password: values.password,
            confirmPassword: values.confirmPassword,
            invitationCode: values.invitationCode,
          })
        : await this.service.signIn(
            credential === 'password'
              ? { identifier, credential, password: values.password }
              : { identifier, credential, verifyCode: values.verificationCode },
          );
    if (!session.ok) return this.fail(session.error);
    // The secrets leave the form; the page is left at once.
    this.patch({ busy: false, values: { ...this.state.values, password: '', confirmPassword: '' } });
    return ok({ kind: 'signedIn', session: session.value, next: pathAfterSignIn(interrupted) });
  }

  private fail(error: SignInError): Result<never, SignInError> {
    if (error.kind === 'validation' && error.field in EMPTY_VALUES) {
      const { i18nKey, params } = error;
      const message = params === undefined ? { i18nKey } : { i18nKey, params };
      this.patch({ busy: false, errors: { [error.field]: message } });
    } else {
      this.patch({ busy: false, notice: { kind: 'failure', text: failureText(error) } });
    }
    return err(error);
  }
}
