import { createLocalStore, createSessionStore, type ChatApiError } from '@teamim/adapters-http';
import { DeferredSessionStart, SignInService, SignInViewModel } from '@teamim/application';
import { App, loadI18n, storedLocale, type AppServices, type SignedInServices } from '@teamim/ui-react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserClock, StreamNotifier } from './browser-ports';
import { envOverrides, fetchConfigJson, resolveConfig } from './config';
import { LazyAccountApi } from './lazy-account';

/** The composition root of the web client: configuration, adapters and the lazily built session. */
async function start(): Promise<void> {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');

  const localStore = createLocalStore();
  const locale = storedLocale(localStore);
  document.documentElement.lang = locale;
  // Only the active locale's strings are loaded, in parallel with config.json.
  const [configJson, i18n] = await Promise.all([
    fetchConfigJson(fetch, `${import.meta.env.BASE_URL}config.json`),
    loadI18n(locale),
  ]);
  const config = resolveConfig(window.location.origin, envOverrides(import.meta.env), configJson);
  const sessionStore = createSessionStore();
  const notifier = new StreamNotifier();
  let signedIn: Promise<SignedInServices> | undefined;
  const onLoginExpired = (error: ChatApiError) => {
    // Spec §8: 1501/1503-1505 end the session; the session service shows the message and logs out.
    void signedIn?.then((s) =>
      s.session.onApiFailure({ kind: 'remote', code: error.code, message: error.message }),
    );
  };
  // The HTTP adapters (and axios) are loaded when first used, not to paint the sign-in page.
  const accountApi = new LazyAccountApi(() =>
    import('./account-api').then(({ createHttpAccountApi }) => createHttpAccountApi(config)),
  );
  // The IM SDK loads only once signed in: sign-in stores the credentials and the shell bootstraps.
  const signIn = new SignInService(
    accountApi,
    new DeferredSessionStart(sessionStore),
    localStore,
    new BrowserClock(),
  );

  const services: AppServices = {
    signIn: () => new SignInViewModel(signIn),
    localStore,
    sessionStore,
    toasts$: notifier.toasts$,
    loadSignedIn() {
      signedIn ??= import('./signed-in')
        .then(({ createSignedInServices }) =>
          createSignedInServices({
            config,
            localStore,
            sessionStore,
            notifier,
            verbose: import.meta.env.DEV,
            onLoginExpired,
          }),
        )
        .catch((error: unknown) => {
          signedIn = undefined;
          throw error;
        });
      return signedIn;
    },
  };

  createRoot(root).render(
    <StrictMode>
      <App services={services} i18n={i18n} />
    </StrictMode>,
  );
}

void start();
