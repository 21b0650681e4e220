import {
  AccountApi,
  type AccountIdentifier,
  type AccountSession,
  type CodeUsage,
  type RegisterInput,
} from '@teamim/application';

/**
 * An account API whose implementation is loaded on its first call. The HTTP adapter brings axios
 * (~23 KB gzip), which the sign-in page needs only once the user sends something, not to paint. One
 * load serves every call; a failed load (a network error fetching the chunk) is retried on the next
 * call, and the failure reaches the caller as any other rejection would.
 */
export class LazyAccountApi extends AccountApi {
  private loading: Promise<AccountApi> | undefined;

  constructor(private readonly load: () => Promise<AccountApi>) {
    super();
  }

  private api(): Promise<AccountApi> {
    this.loading ??= this.load().catch((error: unknown) => {
      this.loading = undefined;
      throw error;
    });
    return this.loading;
  }

  async sendCode(identifier: AccountIdentifier, usedFor: CodeUsage, invitationCode?: string): Promise<void> {
    return (await this.api()).sendCode(identifier, usedFor, invitationCode);
  }

  async verifyCode(identifier: AccountIdentifier, usedFor: CodeUsage, verifyCode: string): Promise<void> {
    return (await this.api()).verifyCode(identifier, usedFor, verifyCode);
  }

  async loginWithPassword(identifier: AccountIdentifier, password: string): Promise<AccountSession> {
    return (await this.api()).loginWithPassword(identifier, password);
  }

  async loginWithCode(identifier: AccountIdentifier, verifyCode: string): Promise<AccountSession> {
    return (await this.api()).loginWithCode(identifier, verifyCode);
  }

  async register(input: RegisterInput): Promise<AccountSession> {
    return (await this.api()).register(input);
  }

  async resetPassword(identifier: AccountIdentifier, verifyCode: string, password: string): Promise<void> {
    return (await this.api()).resetPassword(identifier, verifyCode, password);
  }
}
