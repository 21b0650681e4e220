import {
  createAccountApi,
  createQrSignInApis,
  type ChatApiError,
  type HttpAccountApi,
} from '@teamim/adapters-http';
import type { SessionStore } from '@teamim/application';
import { STORAGE_KEYS } from '@teamim/domain';
import type { ClientConfig } from './config';

/** The HTTP account adapter of a configured client (loaded with a dynamic import by main.tsx). */
export function createHttpAccountApi(config: ClientConfig): HttpAccountApi {
  return createAccountApi({ baseURL: config.chatAddr }, { getToken: () => '' }, config.platformID);
}

/**
 * The QR sign-in adapters (loaded with the account adapter): the waiting page's calls without a token,
 * the confirming device's with the signed-in user's chat token, read from the session store per call.
 */
export function createHttpQrSignInApis(
  config: ClientConfig,
  sessionStore: SessionStore,
  onLoginExpired: (error: ChatApiError) => void,
): ReturnType<typeof createQrSignInApis> {
  return createQrSignInApis(
    { baseURL: config.chatAddr },
    { getToken: () => sessionStore.get(STORAGE_KEYS.session.chatToken) ?? '', onLoginExpired },
    config.platformID,
  );
}
