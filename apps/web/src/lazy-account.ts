import type { AccountGateway } from '@teamim/ui-react';

/**
 * An account gateway whose implementation is loaded on its first call. The HTTP adapter brings axios
 * (~23 KB gzip), which the sign-in page needs only once the user sends something, not to paint. One
 * load serves every call; a failed load (a network error fetching the chunk) is retried on the next call.
 */
export function lazyAccountGateway(load: () => Promise<AccountGateway>): AccountGateway {
  let loading: Promise<AccountGateway> | undefined;
  const gateway = (): Promise<AccountGateway> => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  return {
    sendCode: async (identifier, purpose, invitationCode) =>
      (await gateway()).sendCode(identifier, purpose, invitationCode),
    loginWithPassword: async (identifier, password) =>
      (await gateway()).loginWithPassword(identifier, password),
    loginWithCode: async (identifier, verifyCode) => (await gateway()).loginWithCode(identifier, verifyCode),
    register: async (input) => (await gateway()).register(input),
    resetPassword: async (identifier, verifyCode, password) =>
      (await gateway()).resetPassword(identifier, verifyCode, password),
  };
}
