import { useObservableEagerState } from 'observable-hooks';
import { createContext, useContext, useEffect, useState } from 'react';
import { of } from 'rxjs';
import type { Observable } from 'rxjs';
import { whenIdle } from './idle';
import type {
  CapabilityState,
  LocalStore,
  QrConfirmViewModel,
  QrSignInViewModel,
  SessionScope,
  SessionStore,
  SignInViewModel,
  Toast,
} from '@teamim/application';

/**
 * Sign-in by QR code, app-level like the sign-in screen: the waiting page exists before any session, and
 * the confirming dialog needs nothing of a session but the signed-in user's chat token.
 */
export interface QrSignInServices {
  /** Whether the deployment has it (only our local server does): hides the QR tab and the menu item. */
  readonly availability$: Observable<CapabilityState>;
  /** The QR tab's view model (the page disposes it). */
  waitingPage(): QrSignInViewModel;
  /** The confirming dialog's, for a code from an opened link, or with the camera when `code` is undefined. */
  confirm(code: string | undefined): QrConfirmViewModel;
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
  /**
   * The session scope of the signed-in user: opened (and bootstrapped) on first call after a sign-in,
   * the same one until the session ends, when the composition root closes it. The IM SDK loads lazily.
   */
  openSession(): Promise<SessionScope>;
  /**
   * Sign-in by QR code, loaded on first call (its view models, adapters and strings stay off the sign-in
   * page's first load); absent where the composition root offers none.
   */
  readonly qrSignIn?: () => Promise<QrSignInServices>;
}

export const AppServicesContext = createContext<AppServices | undefined>(undefined);

export function useAppServices(): AppServices {
  const services = useContext(AppServicesContext);
  if (services === undefined) throw new Error('AppServicesContext is not provided by the composition root');
  return services;
}

/** Sign-in by QR code once its code has loaded; undefined until then, or where the app offers none. */
export function useQrSignInServices(
  options: { readonly untilIdle?: boolean } = {},
): QrSignInServices | undefined {
  const { qrSignIn } = useAppServices();
  const [services, setServices] = useState<QrSignInServices | undefined>(undefined);
  useEffect(() => {
    let current = true;
    // A failed load leaves the feature hidden, as a deployment without it would.
    const load = () => {
      void qrSignIn?.()
        .then((loaded) => {
          if (current) setServices(loaded);
        })
        .catch(() => undefined);
    };
    // Only asking whether to offer the feature waits until the page is idle, so its code, the HTTP client
    // and the deployment's answer never delay the sign-in page's first paint; a view the user opened loads
    // at once.
    const cancel = options.untilIdle === true ? whenIdle(load) : (load(), () => undefined);
    return () => {
      current = false;
      cancel();
    };
  }, [qrSignIn, options.untilIdle]);
  return services;
}

const NOT_OFFERED = of<CapabilityState>('absent');

/** Whether to offer sign-in by QR code: loaded, and the deployment has it. */
export function useQrSignInOffered(): boolean {
  const services = useQrSignInServices({ untilIdle: true });
  return useObservableEagerState(services?.availability$ ?? NOT_OFFERED) === 'available';
}
