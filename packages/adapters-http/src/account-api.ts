import { ChatHttpClient, type ChatApiConfig, type ChatHttpDeps } from './chat-http-client';
import { md5Hex } from './md5';
import { asRecord, stringField } from './parse';

/** Spec §7 platform id of the web client. */
export const WEB_PLATFORM_ID = 5;

/** Who signs in or registers: a phone number with its area code, or an e-mail. */
export type AccountIdentifier =
  { readonly areaCode: string; readonly phoneNumber: string } | { readonly email: string };

/** 1 register, 2 reset password, 3 login (chat-and-wallet-api.md §2.1). */
export const CodeUsage = { Register: 1, ResetPassword: 2, Login: 3 } as const;
export type CodeUsage = (typeof CodeUsage)[keyof typeof CodeUsage];

/** The answer of login and register: what the client stores to open the IM session. */
export interface AccountSession {
  readonly userID: string;
  readonly imToken: string;
  readonly chatToken: string;
}

export interface RegisterInput {
  readonly identifier: AccountIdentifier;
  readonly nickname: string;
  /** Plain text; hashed here before it leaves the client. */
  readonly password: string;
  readonly verifyCode: string;
  readonly invitationCode?: string;
}

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
 *
 * The application has no account port yet; this class is the adapter such a port would bind.
 */
export class HttpAccountApi {
  constructor(
    private readonly client: ChatHttpClient,
    private readonly platform: number = WEB_PLATFORM_ID,
  ) {}

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
