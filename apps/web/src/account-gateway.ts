import { CodeUsage, createAccountApi, type HttpAccountApi } from '@teamim/adapters-http';
import type { AccountGateway, CodePurpose } from '@teamim/ui-react';
import type { ClientConfig } from './config';

const USAGE: Record<CodePurpose, CodeUsage> = {
  register: CodeUsage.Register,
  resetPassword: CodeUsage.ResetPassword,
  login: CodeUsage.Login,
};

/** The HTTP account adapter in the shape the sign-in screens ask for. */
export function accountGateway(api: HttpAccountApi): AccountGateway {
  return {
    sendCode: (identifier, purpose, invitationCode) =>
      api.sendCode(identifier, USAGE[purpose], invitationCode),
    loginWithPassword: (identifier, password) => api.loginWithPassword(identifier, password),
    loginWithCode: (identifier, code) => api.loginWithCode(identifier, code),
    register: (input) => api.register(input),
    resetPassword: (identifier, code, password) => api.resetPassword(identifier, code, password),
  };
}

/** The account gateway of a configured client (loaded with a dynamic import by main.tsx). */
export function createAccountGateway(config: ClientConfig): AccountGateway {
  return accountGateway(
    createAccountApi({ baseURL: config.chatAddr }, { getToken: () => '' }, config.platformID),
  );
}
