/**
 * A WebSocket client that speaks the OpenIM wire protocol the way the wasm SDK does: the same
 * query string, the handshake text frame, gzip(gob(GeneralWsReq)) requests with `MsgIncr`
 * correlation. It also applies the SDK's own acceptance rules to every server frame and
 * records anything that would kill the real SDK's reader (`fatalErrors`), so tests can assert
 * the server never sends such a frame. Usable as a load generator (see bench/).
 */
import { WebSocket } from 'ws';
import {
  ReqIdentifier,
  type DelUserPushTokenReq,
  type GetConversationsHasReadAndMaxSeqReq,
  type GetConversationsHasReadAndMaxSeqResp,
  type GetLastMessageReq,
  type GetLastMessageResp,
  type GetMaxSeqResp,
  type GetSeqMessageReq,
  type GetSeqMessageResp,
  type MsgData,
  type PullMessageBySeqsReq,
  type PullMessageBySeqsResp,
  type SubUserOnlineStatusTips,
  type UserSendMsgResp,
} from '../contract';
import type { WsResponseEnvelope } from '../envelope';
import {
  DelUserPushTokenReqCodec,
  GetConversationsHasReadAndMaxSeqReqCodec,
  GetConversationsHasReadAndMaxSeqRespCodec,
  GetLastMessageReqCodec,
  GetLastMessageRespCodec,
  GetMaxSeqReqCodec,
  GetMaxSeqRespCodec,
  GetSeqMessageReqCodec,
  GetSeqMessageRespCodec,
  MsgDataCodec,
  PullMessageBySeqsReqCodec,
  PullMessageBySeqsRespCodec,
  SetAppBackgroundStatusReqCodec,
  SubUserOnlineStatusCodec,
  SubUserOnlineStatusTipsCodec,
  UserSendMsgRespCodec,
} from '../messages';
import { OpenImTestConnection, WsRequestError, type TestClientOptions } from './connection';

interface HandshakeResult {
  errCode: number;
  errMsg: string;
  errDlt: string;
}

export interface ConnectResult {
  /** null when the handshake carried an error (the server closes the socket). */
  client: OpenImTestClient | null;
  handshake: HandshakeResult;
  /** The raw first frame: the SDK requires it to be a JSON text frame. */
  handshakeFrame: { text: string; isBinary: boolean } | null;
}

export class OpenImTestClient extends OpenImTestConnection {
  private constructor(ws: WebSocket, opts: TestClientOptions) {
    super(ws, opts);
  }

  /** Builds the upgrade URL exactly like the SDK (sorted keys after the browser dialer). */
  static buildUrl(opts: TestClientOptions): string {
    const params: Record<string, string> = {
      sendID: opts.userID,
      token: opts.token,
      platformID: String(opts.platformID ?? 5),
      operationID: opts.operationID ?? String(Date.now()) + String(Math.floor(Math.random() * 1e6)),
      isBackground: String(opts.isBackground ?? false),
    };
    if (opts.compression ?? true) params['compression'] = 'gzip';
    if (opts.isMsgResp ?? true) params['isMsgResp'] = 'true';
    Object.assign(params, opts.query ?? {});
    const search = new URLSearchParams(
      Object.entries(params).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    );
    return `${opts.url}?${search.toString()}`;
  }

  /**
   * Opens the socket and waits for the handshake text frame. Resolves with the client (null
   * when the handshake carried an error) and the handshake JSON.
   */
  static connect(opts: TestClientOptions): Promise<ConnectResult> {
    const ws = new WebSocket(OpenImTestClient.buildUrl(opts), {
      perMessageDeflate: false,
      autoPong: opts.autoPong ?? true,
    });
    const client = new OpenImTestClient(ws, opts);
    const isMsgResp = opts.isMsgResp ?? true;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        ws.terminate();
        reject(new Error('handshake timed out'));
      }, opts.connectTimeoutMs ?? 10_000);
      let first = true;
      ws.on('error', (err) => {
        if (first) {
          clearTimeout(timer);
          reject(err);
        }
      });
      ws.on('unexpected-response', (_req, res) => {
        clearTimeout(timer);
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => {
          try {
            const parsed = JSON.parse(body) as HandshakeResult;
            resolve({ client: null, handshake: parsed, handshakeFrame: null });
          } catch {
            reject(new Error(`upgrade refused with HTTP ${res.statusCode}: ${body}`));
          }
        });
      });
      ws.on('open', () => {
        if (!isMsgResp) {
          first = false;
          clearTimeout(timer);
          client.attach();
          resolve({ client, handshake: { errCode: 0, errMsg: '', errDlt: '' }, handshakeFrame: null });
        }
      });
      ws.on('message', (data, isBinary) => {
        if (!first) return;
        first = false;
        clearTimeout(timer);
        const text = Buffer.isBuffer(data)
          ? data.toString('utf8')
          : Buffer.from(data as ArrayBuffer).toString('utf8');
        let handshake: HandshakeResult;
        try {
          handshake = JSON.parse(text) as HandshakeResult;
        } catch {
          ws.terminate();
          reject(new Error(`handshake is not JSON (${isBinary ? 'binary' : 'text'}): ${text.slice(0, 100)}`));
          return;
        }
        const handshakeFrame = { text, isBinary };
        if (handshake.errCode !== 0) {
          resolve({ client: null, handshake, handshakeFrame });
          return;
        }
        client.attach();
        resolve({ client, handshake, handshakeFrame });
      });
    });
  }

  /** Convenience: connect and fail unless the handshake succeeded. */
  static async open(opts: TestClientOptions): Promise<OpenImTestClient> {
    const { client, handshake } = await OpenImTestClient.connect(opts);
    if (!client) throw new Error(`handshake failed: ${JSON.stringify(handshake)}`);
    return client;
  }

  getNewestSeq(): Promise<GetMaxSeqResp> {
    return this.call(
      ReqIdentifier.GetNewestSeq,
      GetMaxSeqReqCodec,
      { userID: this.userID },
      GetMaxSeqRespCodec,
    );
  }

  pullMsgByRange(req: Omit<PullMessageBySeqsReq, 'userID'>): Promise<PullMessageBySeqsResp> {
    return this.call(
      ReqIdentifier.PullMsgByRange,
      PullMessageBySeqsReqCodec,
      { userID: this.userID, ...req },
      PullMessageBySeqsRespCodec,
    );
  }

  sendMsg(msg: MsgData): Promise<UserSendMsgResp> {
    return this.call(ReqIdentifier.SendMsg, MsgDataCodec, msg, UserSendMsgRespCodec);
  }

  pullMsgBySeqList(req: Omit<GetSeqMessageReq, 'userID'>): Promise<GetSeqMessageResp> {
    return this.call(
      ReqIdentifier.PullMsgBySeqList,
      GetSeqMessageReqCodec,
      { userID: this.userID, ...req },
      GetSeqMessageRespCodec,
    );
  }

  getConvMaxReadSeq(
    req: Partial<Omit<GetConversationsHasReadAndMaxSeqReq, 'userID'>> = {},
  ): Promise<GetConversationsHasReadAndMaxSeqResp> {
    return this.call(
      ReqIdentifier.GetConvMaxReadSeq,
      GetConversationsHasReadAndMaxSeqReqCodec,
      {
        userID: this.userID,
        conversationIDs: req.conversationIDs ?? [],
        returnPinned: req.returnPinned ?? false,
      },
      GetConversationsHasReadAndMaxSeqRespCodec,
    );
  }

  pullConvLastMessage(req: Omit<GetLastMessageReq, 'userID'>): Promise<GetLastMessageResp> {
    return this.call(
      ReqIdentifier.PullConvLastMessage,
      GetLastMessageReqCodec,
      { userID: this.userID, ...req },
      GetLastMessageRespCodec,
    );
  }

  /** 2003: resolves with the response envelope; the server closes the socket afterwards. */
  logout(): Promise<WsResponseEnvelope> {
    const req: DelUserPushTokenReq = { userID: this.userID, platformID: this.platformID };
    return this.request(ReqIdentifier.LogoutMsg, DelUserPushTokenReqCodec.encode(req));
  }

  setBackground(isBackground: boolean): Promise<WsResponseEnvelope> {
    return this.request(
      ReqIdentifier.SetBackgroundStatus,
      SetAppBackgroundStatusReqCodec.encode({ userID: this.userID, isBackground }),
    );
  }

  async subscribeUserStatus(
    subscribe: string[],
    unsubscribe: string[] = [],
  ): Promise<SubUserOnlineStatusTips> {
    const env = await this.request(
      ReqIdentifier.SubUserOnlineStatus,
      SubUserOnlineStatusCodec.encode({ subscribeUserID: subscribe, unsubscribeUserID: unsubscribe }),
    );
    if (env.errCode !== 0) throw new WsRequestError(env.errCode, env.errMsg, env.reqIdentifier);
    return SubUserOnlineStatusTipsCodec.decode(env.data);
  }
}
