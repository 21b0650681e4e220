import { createAccountApi, type HttpAccountApi } from '@teamim/adapters-http';
import type { ClientConfig } from './config';

/** The HTTP account adapter of a configured client (loaded with a dynamic import by main.tsx). */
export function createHttpAccountApi(config: ClientConfig): HttpAccountApi {
  return createAccountApi({ baseURL: config.chatAddr }, { getToken: () => '' }, config.platformID);
}
