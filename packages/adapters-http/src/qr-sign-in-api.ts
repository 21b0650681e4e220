import {
  QrConfirmApi,
  QrSignInApi,
  type QrCodeState,
  type QrScanner,
  type QrSignInCode,
  type QrSignInRequest,
  type QrWaitResult,
} from '@teamim/application';
import { ChatApiError, ChatHttpClient, type ChatApiConfig, type ChatHttpDeps } from './chat-http-client';
import { asRecord, invalidResponse, numberField, optionalString, stringField } from './parse';

// The local server's own calls (docs/server.md, "Sign-in by QR code").
const CREATE_PATH = '/qrlogin/create';
const WAIT_PATH = '/qrlogin/wait';
const SCAN_PATH = '/qrlogin/scan';

const STATES: readonly QrCodeState[] = ['waiting', 'scanned', 'confirmed', 'cancelled', 'expired'];

function toScanner(value: unknown): QrScanner | undefined {
  if (value === undefined || value === null) return undefined;
  const r = asRecord(value, WAIT_PATH, 'user');
  return {
    userID: stringField(r, 'userID', WAIT_PATH),
    nickname: optionalString(r, 'nickname'),
    faceURL: optionalString(r, 'faceURL'),
  };
}

function toSession(value: unknown): QrWaitResult['session'] {
  if (value === undefined || value === null) return undefined;
  const r = asRecord(value, WAIT_PATH, 'session');
  return {
    userID: stringField(r, 'userID', WAIT_PATH),
    imToken: stringField(r, 'imToken', WAIT_PATH),
    chatToken: stringField(r, 'chatToken', WAIT_PATH),
  };
}

/**
 * The waiting page's calls: no token (nobody is signed in); the secret proves the page is the one that
 * made the code. The long poll is held under the client's request timeout by the server.
 */
export class HttpQrSignInApi extends QrSignInApi {
  constructor(
    private readonly client: ChatHttpClient,
    private readonly platform: number,
  ) {
    super();
  }

  async createCode(deviceName: string): Promise<QrSignInCode> {
    const data = asRecord(
      await this.client.post<unknown>(CREATE_PATH, { platform: this.platform, deviceName }),
      CREATE_PATH,
      'data',
    );
    return {
      code: stringField(data, 'code', CREATE_PATH),
      secret: stringField(data, 'secret', CREATE_PATH),
      expiresAt: numberField(data, 'expireTime', CREATE_PATH),
    };
  }

  async waitForChange(code: QrSignInCode, known: QrCodeState | undefined): Promise<QrWaitResult> {
    const body = { code: code.code, secret: code.secret, ...(known === undefined ? {} : { known }) };
    const data = asRecord(await this.client.post<unknown>(WAIT_PATH, body), WAIT_PATH, 'data');
    const state = STATES.find((s) => s === data.state);
    if (state === undefined) throw invalidResponse(WAIT_PATH, 'state is unknown');
    return {
      state,
      expiresAt: numberField(data, 'expireTime', WAIT_PATH),
      scanner: toScanner(data.user),
      session: toSession(data.session),
    };
  }

  /** An empty wait: a server with the calls refuses it as malformed (1001), one without has no route. */
  async probe(): Promise<void> {
    try {
      await this.client.post<unknown>(WAIT_PATH, {});
    } catch (error: unknown) {
      if (error instanceof ChatApiError && error.code === 1001) return;
      throw error;
    }
  }
}

/** The confirming device's calls, with the signed-in user's chat token. */
export class HttpQrConfirmApi extends QrConfirmApi {
  constructor(private readonly client: ChatHttpClient) {
    super();
  }

  async scan(code: string): Promise<QrSignInRequest> {
    const data = asRecord(await this.client.post<unknown>(SCAN_PATH, { code }), SCAN_PATH, 'data');
    return {
      platform: numberField(data, 'platform', SCAN_PATH),
      deviceName: optionalString(data, 'deviceName'),
      createdAt: numberField(data, 'createTime', SCAN_PATH),
      expiresAt: numberField(data, 'expireTime', SCAN_PATH),
    };
  }

  async confirm(code: string): Promise<void> {
    await this.client.post<unknown>('/qrlogin/confirm', { code });
  }

  async cancel(code: string): Promise<void> {
    await this.client.post<unknown>('/qrlogin/cancel', { code });
  }
}

/** Both sides over one chat API address: the waiting page's (no token) and the confirming device's. */
export function createQrSignInApis(
  config: ChatApiConfig,
  deps: ChatHttpDeps,
  platform: number,
): { readonly waitingPage: HttpQrSignInApi; readonly confirmingDevice: HttpQrConfirmApi } {
  return {
    waitingPage: new HttpQrSignInApi(new ChatHttpClient(config, { ...deps, getToken: () => '' }), platform),
    confirmingDevice: new HttpQrConfirmApi(new ChatHttpClient(config, deps)),
  };
}
