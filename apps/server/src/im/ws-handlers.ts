import type {
  Gateway,
  GetConversationsHasReadAndMaxSeqResp,
  GetLastMessageResp,
  GetMaxSeqResp,
  MsgData,
  PullMessageBySeqsResp,
  PullMsgs as WirePullMsgs,
  WsConnContext,
  WsRequestHandlers,
  WsResult,
} from '../wire/contract';
import { wsError } from '../wire/contract';
import type { CoreContext } from './context';
import { ImError } from './errors';
import {
  type Operator,
  type PullResult,
  getMaxSeqs,
  hasReadAndMaxSeqs,
  lastMessages,
  pullByRange,
  pullBySeqs,
  sendMessage,
} from './messages';
import { notify } from './notifications';
import type { PushSink } from './types';

/** Runs a core call and turns typed core errors into WS error answers (others become 500 in the gateway). */
async function answer<T>(fn: () => T): Promise<WsResult<T>> {
  await Promise.resolve();
  try {
    return fn();
  } catch (err) {
    if (err instanceof ImError) return wsError(err.code, err.message);
    throw err;
  }
}

function checkUser(ctx: WsConnContext, userID: string): void {
  // The SDK always puts the login user here; an empty value is read as "me".
  if (userID !== '' && userID !== ctx.userID) throw new ImError(1002, 'userID must be the connection user');
}

function toWire(
  map: Map<string, { msgs: MsgData[]; isEnd: boolean; endSeq: number }>,
): Record<string, WirePullMsgs> {
  const out: Record<string, WirePullMsgs> = {};
  for (const [k, v] of map) out[k] = { Msgs: v.msgs, isEnd: v.isEnd, endSeq: v.endSeq };
  return out;
}

const wirePull = (r: PullResult): PullMessageBySeqsResp => ({
  msgs: toWire(r.msgs),
  notificationMsgs: toWire(r.notificationMsgs),
});

/** The core's implementation of the gateway's per-request handlers (1001-1007, 2003, 2004). */
export function createWsHandlers(core: CoreContext): WsRequestHandlers {
  const op = (ctx: WsConnContext): Operator => ({
    userID: ctx.userID,
    platformID: ctx.platformID,
    isAdmin: false,
  });
  return {
    getNewestSeq: (ctx, req) =>
      answer((): GetMaxSeqResp => {
        checkUser(ctx, req.userID);
        const r = getMaxSeqs(core, ctx.userID);
        return { maxSeqs: Object.fromEntries(r.maxSeqs), minSeqs: Object.fromEntries(r.minSeqs) };
      }),
    pullMsgByRange: (ctx, req) =>
      answer(() => {
        checkUser(ctx, req.userID);
        return wirePull(pullByRange(core, ctx.userID, req.seqRanges, req.order));
      }),
    sendMsg: (ctx, req) => answer(() => sendMessage(core, op(ctx), req, (fx, n) => notify(core, fx, n))),
    pullMsgBySeqList: (ctx, req) =>
      answer(() => {
        checkUser(ctx, req.userID);
        return wirePull(pullBySeqs(core, ctx.userID, req.conversations, req.order));
      }),
    getConvMaxReadSeq: (ctx, req) =>
      answer((): GetConversationsHasReadAndMaxSeqResp => {
        checkUser(ctx, req.userID);
        const r = hasReadAndMaxSeqs(core, ctx.userID, req.conversationIDs, req.returnPinned);
        return { seqs: Object.fromEntries(r.seqs), pinnedConversationIDs: r.pinnedConversationIDs };
      }),
    pullConvLastMessage: (ctx, req) =>
      answer((): GetLastMessageResp => {
        checkUser(ctx, req.userID);
        return { msgs: Object.fromEntries(lastMessages(core, ctx.userID, req.conversationIDs)) };
      }),
    logout: () => answer(() => ({})),
    setBackgroundStatus: () => answer(() => ({})),
  };
}

/** Adapts the gateway's push API to the core's push sink. */
export function gatewaySink(
  gateway: Pick<Gateway, 'pushMessages' | 'pushMessagesToUsers' | 'sessions'>,
): PushSink {
  const toUsers = gateway.pushMessagesToUsers?.bind(gateway);
  return {
    ...(toUsers
      ? {
          pushToUsers(
            userIDs: readonly string[],
            conversationID: string,
            msg: MsgData,
            exceptConnID?: string,
          ) {
            toUsers(userIDs, [{ conversationID, msg }], exceptConnID);
          },
        }
      : {}),
    push(userID, conversationID, msg, exceptConnID, exceptPlatformID) {
      let except = exceptConnID;
      if (except === undefined && exceptPlatformID !== undefined) {
        const onPlatform = gateway
          .sessions()
          .filter((s) => s.userID === userID && s.platformID === exceptPlatformID);
        // With several connections on that platform the caller is ambiguous: then everyone gets it.
        if (onPlatform.length === 1) except = onPlatform[0]?.connID;
      }
      gateway.pushMessages(userID, [{ conversationID, msg }], except);
    },
  };
}
