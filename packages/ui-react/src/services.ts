import { createContext, useContext } from 'react';
import type { Observable } from 'rxjs';
import type { LocalStore, SessionScope, SessionStore, SignInViewModel, Toast } from '@teamim/application';

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
  /**
   * The session scope of the signed-in user: opened (and bootstrapped) on first call after a sign-in,
   * the same one until the session ends, when the composition root closes it. The IM SDK loads lazily.
   */
  openSession(): Promise<SessionScope>;
}

export const AppServicesContext = createContext<AppServices | undefined>(undefined);

export function useAppServices(): AppServices {
  const services = useContext(AppServicesContext);
  if (services === undefined) throw new Error('AppServicesContext is not provided by the composition root');
  return services;
}
