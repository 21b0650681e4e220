import { STORAGE_KEYS } from '@teamim/domain';
import {
  createAccountApi,
  createChatApi,
  createLocalStore,
  createSessionStore,
  createWalletApi,
  Md5PasswordHasher,
  type ChatApiError,
} from '@teamim/adapters-http';
import { App, createI18n, storedLocale, type AppServices, type SignedInServices } from '@teamim/ui-react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { accountGateway } from './account-gateway';
import { StreamNotifier } from './browser-ports';
import { envOverrides, fetchConfigJson, resolveConfig } from './config';

/** The composition root of the web client: configuration, adapters and the lazily built session. */
async function start(): Promise<void> {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');

  const config = resolveConfig(
    window.location.origin,
    envOverrides(import.meta.env),
    await fetchConfigJson(fetch, `${import.meta.env.BASE_URL}config.json`),
  );
  const localStore = createLocalStore();
  const sessionStore = createSessionStore();
  const notifier = new StreamNotifier();
  const chatToken = () => sessionStore.get(STORAGE_KEYS.session.chatToken) ?? '';

  let signedIn: Promise<SignedInServices> | undefined;
  const onLoginExpired = (error: ChatApiError) => {
    // Spec §8: 1501/1503-1505 end the session; the session service shows the message and logs out.
    void signedIn?.then((s) =>
      s.session.onApiFailure({ kind: 'remote', code: error.code, message: error.message }),
    );
  };
  const apiConfig = { baseURL: config.chatAddr };
  const chatApi = createChatApi(apiConfig, { getToken: chatToken, onLoginExpired });
  const walletApi = createWalletApi(apiConfig, { getToken: chatToken, onLoginExpired });
  const account = accountGateway(createAccountApi(apiConfig, { getToken: () => '' }, config.platformID));

  const services: AppServices = {
    account,
    localStore,
    sessionStore,
    toasts$: notifier.toasts$,
    loadSignedIn() {
      signedIn ??= import('./signed-in')
        .then(({ createSignedInServices }) =>
          createSignedInServices({
            config,
            chatApi,
            walletApi,
            passwordHasher: new Md5PasswordHasher(),
            localStore,
            sessionStore,
            notifier,
            verbose: import.meta.env.DEV,
            businessInfo: async (userID) => {
              // The business fields complete self info; without them the user can still chat, so a
              // failing chat API must not fail the sign-in (spec §4 only requires the IM self info).
              try {
                const [user] = await chatApi.findUsers([userID]);
                if (user === undefined) return {};
                const { userID: _id, ...business } = user;
                return business;
              } catch (error: unknown) {
                console.warn('self business info unavailable', error);
                return {};
              }
            },
          }),
        )
        .catch((error: unknown) => {
          signedIn = undefined;
          throw error;
        });
      return signedIn;
    },
  };

  const locale = storedLocale(localStore);
  document.documentElement.lang = locale;
  createRoot(root).render(
    <StrictMode>
      <App services={services} i18n={createI18n(locale)} />
    </StrictMode>,
  );
}

void start();
