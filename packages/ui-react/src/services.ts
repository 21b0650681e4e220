import { createContext, useContext } from 'react';
import type { Observable } from 'rxjs';
import type {
  ChatStore,
  ContactActions,
  ContactStore,
  ConversationStore,
  CurrentUser,
  ForwardMessages,
  GroupActions,
  LocalStore,
  MemberPickerStore,
  PinnedMessagesStore,
  ProfileService,
  SessionService,
  SessionStore,
  SettingsStore,
  SignInViewModel,
  Toast,
  TopSearchStore,
} from '@teamim/application';

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
}

/**
 * Everything the views may use, filled by the composition root. Views never reach into a DI container:
 * they get these objects through {@link AppServicesContext}.
 */
export interface AppServices {
  /**
   * A new view model for the sign-in screens (app-level: it exists before any session). The view
   * disposes it on unmount; the sign-in service behind it, and its code countdowns, live on.
   */
  signIn(): SignInViewModel;
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
