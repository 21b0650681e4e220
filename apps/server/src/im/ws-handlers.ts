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
import { type Operator, sendMessage, type SendResult } from './messages';
import {
  getMaxSeqs,
  hasReadAndMaxSeqs,
  lastMessages,
  pullByRange,
  pullBySeqs,
  type PullResult,
} from './pull';
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

/** Most sends stored in one transaction (a larger backlog commits in several). */
const MAX_SENDS_PER_COMMIT = 256;

/** The core's implementation of the gateway's per-request handlers (1001-1007, 2003, 2004). */
export function createWsHandlers(core: CoreContext): WsRequestHandlers {
  const op = (ctx: WsConnContext): Operator => ({
    userID: ctx.userID,
    platformID: ctx.platformID,
    isAdmin: false,
  });

  /**
   * 1003 requests of one event-loop turn (from any connections) are stored in one SQLite transaction:
   * one commit instead of one per message. Each send still runs in its own savepoint (a refused one
   * rolls back alone), seqs are allocated in arrival order, and every answer and push goes out only
   * after the commit (`CoreContext.batch`). A connection's next request waits for this answer, so
   * its own messages keep their order.
   */
  interface PendingSend {
    ctx: WsConnContext;
    req: MsgData;
    done: (r: WsResult<SendResult> | Error) => void;
  }
  let sends: PendingSend[] = [];
  const storeSends = (): void => {
    const batch = sends;
    sends = [];
    for (let i = 0; i < batch.length; i += MAX_SENDS_PER_COMMIT) {
      const chunk = batch.slice(i, i + MAX_SENDS_PER_COMMIT);
      const results: (WsResult<SendResult> | Error)[] = [];
      try {
        core.batch(() => {
          for (const s of chunk) {
            try {
              results.push(sendMessage(core, op(s.ctx), s.req, (fx, n) => notify(core, fx, n)));
            } catch (err) {
              if (err instanceof ImError) results.push(wsError(err.code, err.message));
              else results.push(err instanceof Error ? err : new Error(String(err)));
            }
          }
        });
      } catch (err) {
        // The commit itself failed: nothing of this chunk was stored or pushed.
        const e = err instanceof Error ? err : new Error(String(err));
        chunk.forEach((s) => s.done(e));
        continue;
      }
      chunk.forEach((s, k) => s.done(results[k] as WsResult<SendResult> | Error));
    }
  };
  const queueSend = (ctx: WsConnContext, req: MsgData): Promise<WsResult<SendResult>> =>
    new Promise((resolve, reject) => {
      if (sends.length === 0) setImmediate(storeSends);
      sends.push({ ctx, req, done: (r) => (r instanceof Error ? reject(r) : resolve(r)) });
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
    sendMsg: (ctx, req) => queueSend(ctx, req),
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
