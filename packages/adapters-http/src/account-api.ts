import {
  AccountApi,
  type AccountIdentifier,
  type AccountSession,
  type CodeUsage,
  type RegisterInput,
} from '@teamim/application';
import { ChatHttpClient, type ChatApiConfig, type ChatHttpDeps } from './chat-http-client';
import { md5Hex } from './md5';
import { asRecord, stringField } from './parse';

/** Spec §7 platform id of the web client. */
export const WEB_PLATFORM_ID = 5;

// The shapes live with the application's port; re-exported so existing imports keep working.
export { CodeUsage } from '@teamim/application';
export type { AccountIdentifier, AccountSession, RegisterInput } from '@teamim/application';

const sessionOf = (data: unknown, path: string): AccountSession => {
  const d = asRecord(data, path, 'data');
  return {
    userID: stringField(d, 'userID', path),
    imToken: stringField(d, 'imToken', path),
    chatToken: stringField(d, 'chatToken', path),
  };
};

/**
 * The account endpoints of spec §7 (codes, register, login, reset). Plain-text passwords are
 * MD5-hashed here, so they never leave the client in the clear. Rejects with ChatApiError, whose
 * `classified` field gives the spec §8 text (wrong password, account not found, ...).
 * It is the adapter of the application's `AccountApi` port.
 */
export class HttpAccountApi extends AccountApi {
  constructor(
    private readonly client: ChatHttpClient,
    private readonly platform: number = WEB_PLATFORM_ID,
  ) {
    super();
  }

  async sendCode(identifier: AccountIdentifier, usedFor: CodeUsage, invitationCode?: string): Promise<void> {
    await this.client.post<unknown>('/account/code/send', {
      ...identifier,
      usedFor,
      platform: this.platform,
      ...(invitationCode === undefined ? {} : { invitationCode }),
    });
  }

  async verifyCode(identifier: AccountIdentifier, usedFor: CodeUsage, verifyCode: string): Promise<void> {
    await this.client.post<unknown>('/account/code/verify', { ...identifier, usedFor, verifyCode });
  }

  async loginWithPassword(identifier: AccountIdentifier, password: string): Promise<AccountSession> {
    const path = '/account/login';
    return sessionOf(
      await this.client.post<unknown>(path, {
        ...identifier,
        password: md5Hex(password),
        platform: this.platform,
      }),
      path,
    );
  }

  async loginWithCode(identifier: AccountIdentifier, verifyCode: string): Promise<AccountSession> {
    const path = '/account/login';
    return sessionOf(
      await this.client.post<unknown>(path, { ...identifier, verifyCode, platform: this.platform }),
      path,
    );
  }

  async register(input: RegisterInput): Promise<AccountSession> {
    const path = '/account/register';
    return sessionOf(
      await this.client.post<unknown>(path, {
        verifyCode: input.verifyCode,
        platform: this.platform,
        autoLogin: true,
        ...(input.invitationCode === undefined ? {} : { invitationCode: input.invitationCode }),
        user: {
          ...input.identifier,
          nickname: input.nickname,
          faceURL: '',
          password: md5Hex(input.password),
        },
      }),
      path,
    );
  }

  async resetPassword(identifier: AccountIdentifier, verifyCode: string, password: string): Promise<void> {
    await this.client.post<unknown>('/account/password/reset', {
      ...identifier,
      verifyCode,
      password: md5Hex(password),
    });
  }
}

export function createAccountApi(
  config: ChatApiConfig,
  deps: ChatHttpDeps,
  platform?: number,
): HttpAccountApi {
  return new HttpAccountApi(new ChatHttpClient(config, deps), platform);
}
