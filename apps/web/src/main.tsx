import { createLocalStore, createSessionStore, type ChatApiError } from '@teamim/adapters-http';
import { DeferredSessionStart, SignInService, SignInViewModel, type SessionScope } from '@teamim/application';
import { STORAGE_KEYS, storedSession } from '@teamim/domain';
import { App, loadI18n, storedLocale, type AppServices, type QrSignInServices } from '@teamim/ui-react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserClock, StreamNotifier } from './browser-ports';
import { envOverrides, fetchConfigJson, resolveConfig } from './config';
import { LazyAccountApi } from './lazy-account';
import type { SessionFactory } from './signed-in';

/** The composition root of the web client: configuration, adapters and the lazily built session. */
async function start(): Promise<void> {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');

  const localStore = createLocalStore();
  const notifier = new StreamNotifier();
  // Called only once signed in (or for a desktop log upload), when config and the stores below exist.
  let factory: Promise<SessionFactory> | undefined;
  const loadSessionFactory = (): Promise<SessionFactory> =>
    (factory ??= import('./signed-in')
      .then(({ createSessionFactory }) =>
        createSessionFactory({
          config,
          localStore,
          sessionStore,
          notifier,
          verbose: import.meta.env.DEV,
          onLoginExpired,
          // Inside the desktop shell, notices and logs go to the shell, not the browser
          ...(desktop ? { messageNotices: desktop.messageNotices, logger: desktop.logger } : {}),
        }),
      )
      .catch((error: unknown) => {
        factory = undefined;
        throw error;
      }));
  // Desktop only: inside the desktop shell, whose preload exposed its bridge, does the desktop part
  // (title bar, update banner, close action, log upload, the shell's stored language) load.
  const desktop =
    'teamimDesktop' in window
      ? await import('./desktop').then(({ startDesktop }) =>
          startDesktop({
            notifier,
            localStore,
            fileUploader: () => loadSessionFactory().then((loaded) => loaded.fileUploader),
          }),
        )
      : undefined;
  const locale = desktop?.locale ?? storedLocale(localStore);
  document.documentElement.lang = locale;
  // Only the active locale's strings are loaded, in parallel with config.json.
  const [configJson, i18n] = await Promise.all([
    fetchConfigJson(fetch, `${import.meta.env.BASE_URL}config.json`),
    loadI18n(locale),
  ]);
  const config = resolveConfig(window.location.origin, envOverrides(import.meta.env), configJson);
  const sessionStore = createSessionStore();
  // The SDK and the root container load once per page; a session scope opens per sign-in and closes
  // when that session ends (logout, expiry, kick), so nothing of one user survives into the next.
  let current: Promise<SessionScope> | undefined;
  const onLoginExpired = (error: ChatApiError) => {
    // Spec §8: 1501/1503-1505 end the session; the session service shows the message and logs out.
    void current?.then((scope) =>
      scope.services.session.onApiFailure({ kind: 'remote', code: error.code, message: error.message }),
    );
  };
  // The HTTP adapters (and axios) are loaded when first used, not to paint the sign-in page.
  const accountApi = new LazyAccountApi(() =>
    import('./account-api').then(({ createHttpAccountApi }) => createHttpAccountApi(config)),
  );
  // The IM SDK loads only once signed in: sign-in stores the credentials and the shell bootstraps.
  const clock = new BrowserClock();
  const session = new DeferredSessionStart(sessionStore);
  const signIn = new SignInService(accountApi, session, localStore, clock);
  // Sign-in by QR code loads with its first view (the QR tab's check, the avatar menu).
  // A failed load leaves the feature hidden until the page loads again, as on a deployment without it.
  let qrServices: Promise<QrSignInServices> | undefined;
  const qrSignIn = (): Promise<QrSignInServices> =>
    (qrServices ??= import('./qr-sign-in').then(({ createQrSignInServices }) =>
      createQrSignInServices({ config, sessionStore, session, clock, onLoginExpired }),
    ));

  const services: AppServices = {
    signIn: () => new SignInViewModel(signIn),
    qrSignIn,
    localStore,
    sessionStore,
    toasts$: notifier.toasts$,
    openSession() {
      current ??= loadSessionFactory().then(
        (loaded) => {
          // The route guard lets the shell in only with the credentials the sign-in stored: the scope is
          // that user's.
          const signedIn = storedSession({
            userID: sessionStore.get(STORAGE_KEYS.session.userID),
            token: sessionStore.get(STORAGE_KEYS.session.imToken),
          });
          if (signedIn === undefined) {
            current = undefined;
            throw new Error('no stored session');
          }
          const scope = loaded.open(signedIn.userID);
          const ended = scope.services.session.signedOut$.subscribe(() => {
            ended.unsubscribe();
            current = undefined;
            // After this emission has reached every view (the shell navigates to /login on it).
            setTimeout(() => void scope.close(), 0);
          });
          // The desktop tray shows this session's unread count
          desktop?.connectSession(scope);
          // The SDK could not start for want of a network; it starts once per page, so the page loads
          // again now that the network is back, and bootstraps from the kept credentials.
          scope.services.session.restartNeeded$.subscribe(() => window.location.reload());
          void scope.services.session.bootstrap();
          return scope;
        },
        (error: unknown) => {
          current = undefined;
          throw error;
        },
      );
      return current;
    },
  };

  desktop?.followLanguage(i18n);
  createRoot(root).render(
    <StrictMode>
      <App services={services} i18n={i18n} {...(desktop ? { desktop: desktop.slots } : {})} />
    </StrictMode>,
  );
}

void start();
