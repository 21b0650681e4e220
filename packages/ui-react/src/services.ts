import { createContext, useContext } from 'react';
import type { Observable } from 'rxjs';
import type {
  ChatStore,
  ContactActions,
  ContactStore,
  ConversationStore,
  CurrentUser,
  DeploymentCapabilities,
  ForwardMessages,
  GroupActions,
  LocalStore,
  MemberPickerStore,
  PinnedMessagesStore,
  ProfileService,
  SessionService,
  SessionStore,
  SettingsStore,
  Toast,
  TopSearchStore,
} from '@teamim/application';

/** Who signs in: a phone number with its area code, or an e-mail (spec §7 account calls). */
export type AccountIdentifier =
  { readonly areaCode: string; readonly phoneNumber: string } | { readonly email: string };

/** What a login or registration returns: the credentials the session is opened with. */
export interface AccountCredentials {
  readonly userID: string;
  readonly imToken: string;
  readonly chatToken: string;
}

/** Verification-code purposes of the chat API: 1 register, 2 reset password, 3 login. */
export type CodePurpose = 'register' | 'resetPassword' | 'login';

/**
 * The account endpoints the sign-in screens need. The application layer has no account port yet, so
 * the UI states the shape it needs and the composition root adapts the HTTP account adapter to it.
 * Every method rejects with an error carrying the server's numeric `code` and `message`.
 */
export interface AccountGateway {
  sendCode(identifier: AccountIdentifier, purpose: CodePurpose, invitationCode?: string): Promise<void>;
  loginWithPassword(identifier: AccountIdentifier, password: string): Promise<AccountCredentials>;
  loginWithCode(identifier: AccountIdentifier, verifyCode: string): Promise<AccountCredentials>;
  register(input: {
    readonly identifier: AccountIdentifier;
    readonly nickname: string;
    readonly password: string;
    readonly verifyCode: string;
    readonly invitationCode?: string;
  }): Promise<AccountCredentials>;
  resetPassword(identifier: AccountIdentifier, verifyCode: string, password: string): Promise<void>;
}

/** The application services of a signed-in user; built lazily (the IM SDK is large). */
export interface SignedInServices {
  readonly session: SessionService;
  readonly currentUser: CurrentUser;
  readonly contacts: ContactStore;
  readonly conversations: ConversationStore;
  readonly chat: ChatStore;
  readonly pinnedMessages: PinnedMessagesStore;
  readonly forwardMessages: ForwardMessages;
  readonly topSearch: TopSearchStore;
  readonly contactActions: ContactActions;
  readonly groupActions: GroupActions;
  readonly memberPicker: MemberPickerStore;
  readonly settings: SettingsStore;
  readonly profile: ProfileService;
  /** Which optional features (wallet, calls) the deployment has; absent in tests that need neither. */
  readonly capabilities?: DeploymentCapabilities;
}

/**
 * Everything the views may use, filled by the composition root. Views never reach into a DI container:
 * they get these objects through {@link AppServicesContext}.
 */
export interface AppServices {
  readonly account: AccountGateway;
  readonly localStore: LocalStore;
  readonly sessionStore: SessionStore;
  /** Toasts raised by the application (the Notifier port) and by the composition root. */
  readonly toasts$: Observable<Toast>;
  /** Creates (once) the signed-in services: the IM SDK, its adapters and the application container. */
  loadSignedIn(): Promise<SignedInServices>;
}

export const AppServicesContext = createContext<AppServices | undefined>(undefined);

export function useAppServices(): AppServices {
  const services = useContext(AppServicesContext);
  if (services === undefined) throw new Error('AppServicesContext is not provided by the composition root');
  return services;
}

/**
 * The signed-in services, provided by the Shell once they are loaded. Every view under the shell's
 * outlet (chat, contacts) reads them here instead of loading them again.
 */
export const SignedInContext = createContext<SignedInServices | undefined>(undefined);

export function useSignedIn(): SignedInServices {
  const services = useContext(SignedInContext);
  if (services === undefined) throw new Error('SignedInContext is provided by the Shell once signed in');
  return services;
}
