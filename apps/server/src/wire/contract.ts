/**
 * Contract between the WebSocket gateway (apps/server/src/wire) and the IM core.
 *
 * The gateway decodes gzip(gob(GeneralWsReq)) frames and their protobuf payloads into the
 * plain objects below, calls the matching method of `WsRequestHandlers`, and encodes whatever
 * the method returns back into a GeneralWsResp frame that echoes MsgIncr and OperationID.
 * The core pushes messages and kicks sessions through the `Gateway` interface.
 *
 * Conventions:
 * - Field names are the protobuf field names of openimsdk/protocol v0.0.73-alpha.12 verbatim
 *   (including `PullMsgs.Msgs`), so the same shapes can be reused for proto-JSON if needed.
 * - int64 values (seqs, millisecond times) are JS numbers; the codec rejects values outside the
 *   safe-integer range instead of silently losing precision.
 * - Decoded requests are always complete: absent proto3 fields arrive as their zero value
 *   ("" / 0 / false / [] / {}), optional nested messages as `null`.
 * - Responses should be complete objects (start from `emptyMsgData()` below); the encoder
 *   treats a missing (undefined) field as its zero value and omits zero values, as proto3 does.
 * - Map-typed fields (`Record<string, ...>`): chat conversation IDs go to `msgs`, `n_...` IDs to
 *   `notificationMsgs`; decoded maps have a null prototype.
 *
 * Backward compatibility: this file is consumed by the CORE helper. Only additive changes.
 *
 * The payload types and their builders live in ./payloads.ts and are re-exported from here.
 */
import type { Server as HttpServer } from 'node:http';
import type {
  DelUserPushTokenReq,
  EmptyResp,
  GetConversationsHasReadAndMaxSeqReq,
  GetConversationsHasReadAndMaxSeqResp,
  GetLastMessageReq,
  GetLastMessageResp,
  GetMaxSeqReq,
  GetMaxSeqResp,
  GetSeqMessageReq,
  GetSeqMessageResp,
  MsgData,
  PullMessageBySeqsReq,
  PullMessageBySeqsResp,
  SendMsgReq,
  SendMsgResp,
  SetAppBackgroundStatusReq,
} from './payloads';

export * from './payloads';

/** ReqIdentifier values. Only these may ever appear in a server -> client frame (any other
 * value permanently stops the SDK's reader). */
export const ReqIdentifier = {
  GetNewestSeq: 1001,
  PullMsgByRange: 1002,
  SendMsg: 1003,
  SendSignalMsg: 1004,
  PullMsgBySeqList: 1005,
  GetConvMaxReadSeq: 1006,
  PullConvLastMessage: 1007,
  PushMsg: 2001,
  KickOnlineMsg: 2002,
  LogoutMsg: 2003,
  SetBackgroundStatus: 2004,
  SubUserOnlineStatus: 2005,
} as const;

/** OpenIM error codes the gateway itself produces (see openim-protocol.md §10). */
export const WsErrCode = {
  ServerInternalError: 500,
  ArgsError: 1001,
  NoPermission: 1002,
  TokenExpired: 1501,
  TokenInvalid: 1502,
  TokenMalformed: 1503,
  TokenNotValidYet: 1504,
  TokenUnknown: 1505,
  TokenKicked: 1506,
  TokenNotExist: 1507,
  ConnOverMaxNumLimit: 1601,
  ConnArgsErr: 1602,
} as const;

// ---------------------------------------------------------------------------------------------
// Handlers the core implements
// ---------------------------------------------------------------------------------------------

/** Identity of the connection a request came from. */
export interface WsConnContext {
  /** Authenticated user (from the token; equals the query `sendID`). */
  userID: string;
  platformID: number;
  /** Unique per WebSocket connection; pass it as `exceptConnID` to skip this connection. */
  connID: string;
  /** OperationID of this request (from the envelope, else the connection's query). */
  operationID: string;
}

/** An OpenIM error answer: goes into the envelope's ErrCode/ErrMsg with empty Data. */
export interface WsError {
  errCode: number;
  errMsg: string;
}

/** What a handler returns: the response payload, or an error. */
export type WsResult<T> = T | WsError;

/** Type guard for `WsResult`: response payloads never have a numeric `errCode` property. */
export function isWsError(value: unknown): value is WsError {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { errCode?: unknown }).errCode === 'number' &&
    typeof (value as { errMsg?: unknown }).errMsg === 'string'
  );
}

export function wsError(errCode: number, errMsg: string): WsError {
  return { errCode, errMsg };
}

/**
 * One method per client request identifier. The gateway calls them one at a time per
 * connection (requests of one connection are processed strictly in arrival order) and always
 * answers: a thrown exception becomes errCode 500, so the SDK never waits for its 10 s timeout.
 * Requests whose payload does not decode are answered with errCode 1001 without calling a handler.
 * A handler slower than `GatewayOptions.handlerTimeoutMs` is answered with errCode 500 and the
 * connection's next request starts (the late result is dropped). Responses of 1002, 1005 and 1007
 * that would exceed the SDK's 1 MiB frame limit are trimmed (oldest messages first).
 *
 * 2005 (online-status subscriptions) is handled inside the gateway, which knows who is online.
 * 2003 and 2004 are optional: without a handler the gateway answers an empty success
 * (2003 then closes the connection, as the reference server does).
 */
export interface WsRequestHandlers {
  /** 1001 */
  getNewestSeq(ctx: WsConnContext, req: GetMaxSeqReq): Promise<WsResult<GetMaxSeqResp>>;
  /** 1002 */
  pullMsgByRange(ctx: WsConnContext, req: PullMessageBySeqsReq): Promise<WsResult<PullMessageBySeqsResp>>;
  /** 1003. `req.sendID` is NOT yet checked against `ctx.userID`: the core must check it. */
  sendMsg(ctx: WsConnContext, req: SendMsgReq): Promise<WsResult<SendMsgResp>>;
  /** 1005 */
  pullMsgBySeqList(ctx: WsConnContext, req: GetSeqMessageReq): Promise<WsResult<GetSeqMessageResp>>;
  /** 1006 */
  getConvMaxReadSeq(
    ctx: WsConnContext,
    req: GetConversationsHasReadAndMaxSeqReq,
  ): Promise<WsResult<GetConversationsHasReadAndMaxSeqResp>>;
  /** 1007 */
  pullConvLastMessage(ctx: WsConnContext, req: GetLastMessageReq): Promise<WsResult<GetLastMessageResp>>;
  /** 2003; the gateway closes the connection after answering. */
  logout?(ctx: WsConnContext, req: DelUserPushTokenReq): Promise<WsResult<EmptyResp>>;
  /** 2004 */
  setBackgroundStatus?(ctx: WsConnContext, req: SetAppBackgroundStatusReq): Promise<WsResult<EmptyResp>>;
}

// ---------------------------------------------------------------------------------------------
// Authentication hook and the gateway the core calls
// ---------------------------------------------------------------------------------------------

/** Result of a successful token check. */
export interface VerifiedToken {
  userID: string;
  platformID: number;
  /**
   * When the token was issued (ms). With it, the multi-login policy lets the later login win: a stale
   * page reconnecting with an older token is kicked itself instead of kicking the newer session.
   */
  issuedAtMs?: number;
}

/**
 * Verifies the `token` query parameter. Return the token's identity, or an OpenIM token error
 * (1501..1507) that the gateway forwards in the handshake frame. The gateway itself then checks
 * that `sendID`/`platformID` of the query match (else 1502).
 */
export type VerifyToken = (token: string) => VerifiedToken | WsError | Promise<VerifiedToken | WsError>;

/** One message to push, with the conversation it belongs to (`n_...` IDs go to
 * `PushMessages.notificationMsgs`, every other ID to `PushMessages.msgs`). */
export interface PushItem {
  conversationID: string;
  msg: MsgData;
}

/** A connected session, as reported by the gateway. */
export interface OnlineSession {
  connID: string;
  userID: string;
  platformID: number;
  connectedAt: number;
  /** The token the connection authenticated with. */
  token?: string;
}

/** Multi-login policy (OpenIM `multiLogin.policy`). */
export type MultiLoginPolicy =
  /** 0: never kick. */
  | 'allow-all'
  /** 1 (OpenIM default): a connection on the same platform with a different token kicks the
   * older connections of that platform (2002 frame, then close). Same token never kicks. */
  | 'kick-same-platform-other-token'
  /** 4: the same, per platform class (mobile 1,2; PC 3,4,7; pad 8,9; every other platform alone). */
  | 'kick-same-class-other-token'
  /** 5: PC platforms (3, 4, 7) are never kicked and never kick; any other new login kicks the
   * other-token connections of every non-PC platform. */
  | 'pc-and-one-other';

export interface Gateway {
  /**
   * Push messages (2001) to every connection of `userID` (except `exceptConnID`). Items are
   * grouped per conversation in the order given (give them in seq order) and split over as many
   * frames as needed so that no frame exceeds the SDK's 1 MiB limit. Never throws; returns the
   * number of connections that got at least one frame. `operationID` (e.g. that of the request
   * that caused the push) becomes the frames' OperationID; without it a fresh one is generated.
   * It is never empty: the SDK runs its reaction to a push (incremental syncs over HTTP) under
   * that OperationID and refuses HTTP calls with an empty one.
   */
  pushMessages(
    userID: string,
    items: readonly PushItem[],
    exceptConnID?: string,
    operationID?: string,
  ): number;
  /**
   * Same as `pushMessages` for several users at once (group fan-out): the frames are encoded once.
   * Returns the number of connections reached.
   */
  pushMessagesToUsers?(
    userIDs: readonly string[],
    items: readonly PushItem[],
    exceptConnID?: string,
    operationID?: string,
  ): number;
  /** Send 2002 to the user's connections on `platformID` (all platforms if omitted), close them. */
  kick(userID: string, platformID?: number): number;
  /**
   * Close the user's connections on `platformID` (all if omitted; only those authenticated with
   * `token` if given) WITHOUT a 2002 frame: the SDK reconnects, and the handshake then reports
   * the token error (e.g. 1501 -> OnUserTokenExpired). Returns the number of connections closed.
   */
  disconnect?(userID: string, platformID?: number, token?: string): number;
  /** Is the user connected on any platform? */
  isOnline(userID: string): boolean;
  /** Distinct platform IDs the user is connected on (sorted, empty when offline). */
  onlinePlatformIDs(userID: string): number[];
  /** All live sessions (for admin/diagnostic endpoints). */
  sessions(): OnlineSession[];
  /** Graceful shutdown: stop accepting, close every connection (1001 going away), stop timers. */
  closeAll(): Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// Attaching the gateway (implemented by `attachGateway` in ./gateway.ts)
// ---------------------------------------------------------------------------------------------

/** Minimal pino-compatible logger (Fastify's `app.log` fits). */
export interface GatewayLogger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface GatewayOptions {
  /** URL path of the WebSocket endpoint. Default `/ws`. */
  path?: string;
  /** Interval of server WS ping control frames. Default 25 000 ms. */
  pingIntervalMs?: number;
  /** Close a connection that sent nothing (no frame, no pong) for this long. Default 75 000 ms. */
  idleTimeoutMs?: number;
  /** Largest server -> client frame after gzip. Default 1 MiB (the SDK's read limit). */
  maxFrameBytes?: number;
  /** Largest client -> server frame (gzip) accepted. Default 256 KiB. */
  maxInboundFrameBytes?: number;
  /** Largest client frame after gunzip. Default 1 MiB. */
  maxInboundDecompressedBytes?: number;
  /** Connection limit (1601 above it). Default 10 000. */
  maxConnections?: number;
  /** Default `kick-same-platform-other-token` (OpenIM's default policy 1). */
  multiLoginPolicy?: MultiLoginPolicy;
  /** A handler slower than this is answered with errCode 500 (the SDK gives up after 10 s).
   * Default 8 000 ms. */
  handlerTimeoutMs?: number;
}

export interface GatewayDeps {
  verifyToken: VerifyToken;
  handlers: WsRequestHandlers;
  logger?: GatewayLogger;
  options?: GatewayOptions;
  /** Called for every token whose connections the multi-login policy kicked, so the core can
   * mark it kicked (a later use of it must then give 1506). */
  onTokenKicked?(info: { userID: string; platformID: number; token: string }): void;
  /** Called whenever the set of platforms a user is online on changes. */
  onOnlineStatusChange?(userID: string, platformIDs: number[]): void;
}

/** A Node http(s) server, or anything exposing one as `.server` (a Fastify instance). */
export type GatewayHost = HttpServer | { server: HttpServer };
