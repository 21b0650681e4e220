import {
  type EmptyResp,
  type GatewayLogger,
  type GetLastMessageResp,
  type PullMessageBySeqsResp,
  ReqIdentifier,
  type WsConnContext,
  WsErrCode,
  type WsRequestHandlers,
  type WsResult,
  isWsError,
} from '../contract';
import type { WsRequestEnvelope, WsResponseEnvelope } from '../envelope';
import { type FrameEncoder, trimLastMessageResponse, trimPullResponse } from '../framing';
import {
  DelUserPushTokenReqCodec,
  EmptyCodec,
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
  UserSendMsgRespCodec,
} from '../messages';
import type { MessageCodec } from '../proto';
import { newServerOperationID } from './connection';
import type { Deadlines } from './requests';

/** The requests the SDK sends; anything else closes the connection (answering it would kill the SDK's reader). */
export const KNOWN_REQUESTS = new Set<number>([1001, 1002, 1003, 1004, 1005, 1006, 1007, 2003, 2004, 2005]);

/** The answer to a request: echoes its ReqIdentifier, MsgIncr and OperationID. */
export function reply(
  env: WsRequestEnvelope,
  result: { errCode: number; errMsg: string; data?: Uint8Array },
): WsResponseEnvelope {
  return {
    reqIdentifier: env.reqIdentifier,
    msgIncr: env.msgIncr,
    // The SDK always sends one; never answer with an empty OperationID either way.
    operationID: env.operationID || newServerOperationID(),
    errCode: result.errCode,
    errMsg: result.errMsg,
    data: result.data ?? new Uint8Array(0),
  };
}

export interface DispatchDeps<C> {
  handlers: WsRequestHandlers;
  log: GatewayLogger;
  deadlines: Deadlines;
  maxFrameBytes: number;
  /** 2005 is the gateway's own: (un)subscribes the connection, answers the current status of the new ones. */
  subscribe(conn: C, subscribe: readonly string[], unsubscribe: readonly string[]): Uint8Array;
}

const stack = (err: unknown): string => (err instanceof Error ? (err.stack ?? err.message) : String(err));

/**
 * Turns one request into its answer: decodes the payload, runs the core's handler within the deadline,
 * encodes the result, trimming pull answers to the frame limit. Always resolves to an envelope.
 */
export function createDispatcher<C>(
  deps: DispatchDeps<C>,
): (
  conn: C,
  ctx: WsConnContext,
  env: WsRequestEnvelope,
  encode: FrameEncoder,
) => Promise<WsResponseEnvelope> {
  const { log, maxFrameBytes } = deps;

  async function run<Req, Resp>(
    env: WsRequestEnvelope,
    reqCodec: MessageCodec<Req>,
    respCodec: MessageCodec<Resp>,
    handler: (req: Req) => Promise<WsResult<Resp>>,
    fit?: { trim(resp: Resp, fits: (r: Resp) => boolean): void; encode: FrameEncoder; userID: string },
  ): Promise<WsResponseEnvelope> {
    let req: Req;
    try {
      req = reqCodec.decode(env.data);
    } catch (err) {
      return reply(env, {
        errCode: WsErrCode.ArgsError,
        errMsg: `invalid ${reqCodec.name} payload: ${err instanceof Error ? err.message : String(err)}`,
      });
    }
    let result: WsResult<Resp>;
    try {
      result = await deps.deadlines.withTimeout(handler(req));
    } catch (err) {
      log.error({ err: stack(err), reqIdentifier: env.reqIdentifier }, 'ws handler threw');
      return reply(env, { errCode: WsErrCode.ServerInternalError, errMsg: 'internal server error' });
    }
    if (isWsError(result)) return reply(env, { errCode: result.errCode, errMsg: result.errMsg });
    try {
      if (fit) {
        const fits = (r: Resp): WsResponseEnvelope | undefined => {
          const candidate = reply(env, { errCode: 0, errMsg: '', data: respCodec.encode(r) });
          return fit.encode(candidate).length <= maxFrameBytes ? candidate : undefined;
        };
        // The answer as measured: the gateway's encoder (rememberLastFrame) sends the frame made for it.
        const whole = fits(result);
        if (whole) return whole;
        fit.trim(result, (r) => fits(r) !== undefined);
        log.warn(
          { reqIdentifier: env.reqIdentifier, userID: fit.userID },
          'ws response trimmed to the frame limit',
        );
      }
      return reply(env, { errCode: 0, errMsg: '', data: respCodec.encode(result) });
    } catch (err) {
      log.error({ err: stack(err), reqIdentifier: env.reqIdentifier }, 'ws response encode failed');
      return reply(env, { errCode: WsErrCode.ServerInternalError, errMsg: 'internal server error' });
    }
  }

  const trimPull = (resp: PullMessageBySeqsResp, fits: (r: PullMessageBySeqsResp) => boolean): void => {
    trimPullResponse(resp, maxFrameBytes, () => fits(resp));
  };
  const trimLast = (resp: GetLastMessageResp, fits: (r: GetLastMessageResp) => boolean): void => {
    trimLastMessageResponse(resp, () => fits(resp));
  };

  function subscription(conn: C, env: WsRequestEnvelope): WsResponseEnvelope {
    let req;
    try {
      req = SubUserOnlineStatusCodec.decode(env.data);
    } catch (err) {
      return reply(env, {
        errCode: WsErrCode.ArgsError,
        errMsg: `invalid SubUserOnlineStatus payload: ${String(err)}`,
      });
    }
    return reply(env, {
      errCode: 0,
      errMsg: '',
      data: deps.subscribe(conn, req.subscribeUserID, req.unsubscribeUserID),
    });
  }

  return async (conn, ctx, env, encode) => {
    const h = deps.handlers;
    switch (env.reqIdentifier) {
      case ReqIdentifier.GetNewestSeq:
        return run(env, GetMaxSeqReqCodec, GetMaxSeqRespCodec, (r) => h.getNewestSeq(ctx, r));
      case ReqIdentifier.PullMsgByRange:
        return run(
          env,
          PullMessageBySeqsReqCodec,
          PullMessageBySeqsRespCodec,
          (r) => h.pullMsgByRange(ctx, r),
          {
            trim: trimPull,
            encode,
            userID: ctx.userID,
          },
        );
      case ReqIdentifier.SendMsg:
        return run(env, MsgDataCodec, UserSendMsgRespCodec, (r) => h.sendMsg(ctx, r));
      case ReqIdentifier.SendSignalMsg:
        return reply(env, { errCode: WsErrCode.ArgsError, errMsg: 'signal messages are not supported' });
      case ReqIdentifier.PullMsgBySeqList:
        return run(env, GetSeqMessageReqCodec, GetSeqMessageRespCodec, (r) => h.pullMsgBySeqList(ctx, r), {
          trim: trimPull,
          encode,
          userID: ctx.userID,
        });
      case ReqIdentifier.GetConvMaxReadSeq:
        return run(
          env,
          GetConversationsHasReadAndMaxSeqReqCodec,
          GetConversationsHasReadAndMaxSeqRespCodec,
          (r) => h.getConvMaxReadSeq(ctx, r),
        );
      case ReqIdentifier.PullConvLastMessage:
        return run(
          env,
          GetLastMessageReqCodec,
          GetLastMessageRespCodec,
          (r) => h.pullConvLastMessage(ctx, r),
          {
            trim: trimLast,
            encode,
            userID: ctx.userID,
          },
        );
      case ReqIdentifier.LogoutMsg:
        return run(env, DelUserPushTokenReqCodec, EmptyCodec, (r) =>
          h.logout ? h.logout(ctx, r) : Promise.resolve<EmptyResp>({}),
        );
      case ReqIdentifier.SetBackgroundStatus:
        return run(env, SetAppBackgroundStatusReqCodec, EmptyCodec, (r) =>
          h.setBackgroundStatus ? h.setBackgroundStatus(ctx, r) : Promise.resolve<EmptyResp>({}),
        );
      case ReqIdentifier.SubUserOnlineStatus:
        return subscription(conn, env);
      default:
        throw new Error(`unknown ReqIdentifier ${env.reqIdentifier}`);
    }
  };
}
