import {
  PasswordHasher,
  RedPacketRefusal,
  WalletApi,
  type BalanceLogPage,
  type RedPacketOpening,
} from '@teamim/application';
import type { BalanceLogRecord, RedPacketDetail, RedPacketSendPayload } from '@teamim/domain';
import { ChatApiError, ChatHttpClient, type ChatApiConfig, type ChatHttpDeps } from './chat-http-client';
import { md5Hex } from './md5';
import { DETAIL_PATH, parseRedPacketDetail } from './red-packet-detail';
import { arrayField, asRecord, invalidResponse, numberField, optionalString, stringField } from './parse';

const BALANCE_PATH = '/app/user/balance/log/balance';
const LOG_PATH = '/app/user/balance/log/log';
const SEND_PATH = '/app/redbag/log/send';
const OPEN_PATH = '/app/redbag/log/open';

/**
 * The packet an open's answer (or refusal) carries in `detail`, checked as the detail call's answer is;
 * absent, or not what the server should send, it is left out (the money moved all the same).
 */
function detailIn(data: unknown): RedPacketDetail | undefined {
  if (typeof data !== 'object' || data === null || !('detail' in data)) return undefined;
  try {
    return parseRedPacketDetail(data.detail);
  } catch {
    return undefined;
  }
}

/** Real MD5, as the chat and wallet APIs expect (spec §7). */
export class Md5PasswordHasher extends PasswordHasher {
  md5(text: string): string {
    return md5Hex(text);
  }
}

function toLogRecord(raw: unknown): BalanceLogRecord {
  const r = asRecord(raw, LOG_PATH, 'record');
  return {
    id: stringField(r, 'id', LOG_PATH),
    type: numberField(r, 'type', LOG_PATH),
    remark: optionalString(r, 'remark'),
    balance: numberField(r, 'balance', LOG_PATH),
    createTime: optionalString(r, 'createTime'),
  };
}

/**
 * {@link WalletApi} over the wallet endpoints of spec §7 (amounts in cents). Pay passwords arrive
 * already MD5-hashed (the port's contract) and are sent as they are. Rejects with ChatApiError;
 * for wallet codes the error's message is the server's sentence, which the UI shows.
 */
export class HttpWalletApi extends WalletApi {
  constructor(private readonly client: ChatHttpClient) {
    super();
  }

  async getBalance(): Promise<number> {
    const data = await this.client.get<unknown>(BALANCE_PATH);
    if (typeof data !== 'number' || !Number.isSafeInteger(data)) {
      throw invalidResponse(BALANCE_PATH, 'balance is not a whole number of cents');
    }
    return data;
  }

  async getBalanceLog(page?: BalanceLogPage): Promise<readonly BalanceLogRecord[]> {
    const data = await this.client.get<unknown>(
      LOG_PATH,
      page === undefined ? undefined : { current: String(page.current), size: String(page.size) },
    );
    return arrayField(asRecord(data, LOG_PATH, 'data'), 'records', LOG_PATH).map(toLogRecord);
  }

  async setPayPassword(oldPayPassword: string, payPassword: string): Promise<void> {
    await this.client.post<unknown>('/app/userinfo/setPayPassword', { oldPayPassword, payPassword });
  }

  async sendRedPacket(payload: RedPacketSendPayload): Promise<string> {
    const data = await this.client.post<unknown>(SEND_PATH, {
      receiveUserId: payload.receiveUserId,
      amount: payload.amount,
      num: payload.num,
      message: payload.message,
      payPassword: payload.payPassword,
    });
    if (typeof data !== 'string' || data === '') throw invalidResponse(SEND_PATH, 'red packet id missing');
    return data;
  }

  /**
   * The spec's answer is `{id, amount, remainNum, status}` (its client ignores it); ours shows the amount
   * when it is a whole number of cents, and the packet as it stands when the server adds it (`detail`,
   * docs/server.md), also to a refusal that says how the packet stands.
   */
  async openRedPacket(id: string): Promise<RedPacketOpening> {
    let data: unknown;
    try {
      data = await this.client.get<unknown>(OPEN_PATH, { id });
    } catch (error: unknown) {
      if (!(error instanceof ChatApiError)) throw error;
      const detail = detailIn(error.body?.data);
      throw detail === undefined ? error : new RedPacketRefusal(error.code, error.message, detail);
    }
    if (typeof data !== 'object' || data === null) return { amountCents: undefined, detail: undefined };
    const amount = (data as { readonly amount?: unknown }).amount;
    return {
      amountCents:
        typeof amount === 'number' && Number.isSafeInteger(amount) && amount > 0 ? amount : undefined,
      detail: detailIn(data),
    };
  }

  async getRedPacketDetail(id: string): Promise<RedPacketDetail> {
    return parseRedPacketDetail(await this.client.get<unknown>(DETAIL_PATH, { id }));
  }
}

/** Builds the wallet adapter a composition root binds to {@link WalletApi}. */
export function createWalletApi(config: ChatApiConfig, deps: ChatHttpDeps): HttpWalletApi {
  return new HttpWalletApi(new ChatHttpClient(config, deps));
}
