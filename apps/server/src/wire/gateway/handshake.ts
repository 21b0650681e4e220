import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { WebSocketServer } from 'ws';
import { type GatewayLogger, type VerifiedToken, type VerifyToken, WsErrCode, isWsError } from '../contract';

/** Platform IDs OpenIM knows (iOS 1 ... Harmony 11). */
const VALID_PLATFORM_IDS = new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);

/** The first frame of an accepted connection with `isMsgResp` (the only text frame the server ever sends). */
export const SUCCESS_HANDSHAKE = '{"errCode":0,"errMsg":"","errDlt":""}';

/** The upgrade query, validated. */
export interface QueryInfo {
  sendID: string;
  token: string;
  platformID: number;
  operationID: string;
  isMsgResp: boolean;
  compress: boolean;
}

/** A refused handshake, answered as OpenIM's `{errCode, errMsg, errDlt}`. */
export class HandshakeError extends Error {
  constructor(
    readonly errCode: number,
    readonly errMsg: string,
    readonly errDlt: string,
  ) {
    super(`${errCode} ${errMsg}: ${errDlt}`);
  }
}

function parseBool(value: string): boolean | undefined {
  // Go's strconv.ParseBool
  if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(value)) return true;
  if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(value)) return false;
  return undefined;
}

/**
 * Validates the upgrade query like the reference server's `ParseEssentialArgs` (1602). `isMsgResp` is
 * returned even for a refused query: it decides how the refusal is sent.
 */
export function parseQuery(
  url: URL,
  req: Pick<IncomingMessage, 'headers'>,
): { info?: QueryInfo; isMsgResp: boolean; error?: HandshakeError } {
  const q = url.searchParams;
  const isMsgRespRaw = q.get('isMsgResp');
  const isMsgResp = isMsgRespRaw !== null && parseBool(isMsgRespRaw) === true;
  const argsErr = (detail: string) => ({
    isMsgResp,
    error: new HandshakeError(WsErrCode.ConnArgsErr, 'ConnArgsErr', detail),
  });
  if (isMsgRespRaw !== null && isMsgRespRaw !== '' && parseBool(isMsgRespRaw) === undefined) {
    return argsErr('isMsgResp is not bool');
  }
  const platformRaw = q.get('platformID') ?? '';
  const platformID = /^\d{1,3}$/.test(platformRaw) ? Number(platformRaw) : NaN;
  if (!Number.isInteger(platformID)) return argsErr('platformID is not int');
  const bg = q.get('isBackground');
  if (bg !== null && bg !== '' && parseBool(bg) === undefined) return argsErr('isBackground is not bool');
  const operationID = q.get('operationID') ?? '';
  const token = q.get('token') ?? '';
  const sendID = q.get('sendID') ?? '';
  if (operationID === '') return argsErr('operationID is empty');
  if (token === '') return argsErr('token is empty');
  if (sendID === '') return argsErr('sendID is empty');
  if (!VALID_PLATFORM_IDS.has(platformID)) return argsErr('platformID is invalid');
  const sdkType = q.get('sdkType') ?? '';
  if (sdkType !== '' && sdkType !== 'go') {
    // `js` selects JSON frames in the reference server; the wasm SDK never asks for it.
    return argsErr(sdkType === 'js' ? 'sdkType js (JSON frames) is not supported' : 'sdkType is invalid');
  }
  const headerCompression = req.headers['compression'];
  const compression =
    q.get('compression') || (typeof headerCompression === 'string' ? headerCompression : '');
  return {
    isMsgResp,
    info: { sendID, token, platformID, operationID, isMsgResp, compress: compression === 'gzip' },
  };
}

/**
 * Checks the token through the injected verifier: its error (1501-1507) is forwarded as is, a token of
 * another user or platform than the query names is 1502, a throwing verifier 500.
 */
export async function verifyHandshake(
  verifyToken: VerifyToken,
  info: QueryInfo,
  log: GatewayLogger,
): Promise<VerifiedToken> {
  let verified: Awaited<ReturnType<VerifyToken>>;
  try {
    verified = await verifyToken(info.token);
  } catch (err) {
    log.error({ err: String(err) }, 'verifyToken threw');
    throw new HandshakeError(
      WsErrCode.ServerInternalError,
      'ServerInternalError',
      'token verification failed',
    );
  }
  if (isWsError(verified)) throw new HandshakeError(verified.errCode, verified.errMsg, '');
  if (verified.userID !== info.sendID || verified.platformID !== info.platformID) {
    throw new HandshakeError(
      WsErrCode.TokenInvalid,
      'TokenInvalidError',
      'token does not match sendID/platformID',
    );
  }
  return verified;
}

function handshakeJson(err: HandshakeError): string {
  return JSON.stringify({ errCode: err.errCode, errMsg: err.errMsg, errDlt: err.errDlt });
}

/** Without `isMsgResp` (native SDKs) a refusal is a plain HTTP 200 JSON body. */
export function rejectHttp(socket: Duplex, err: HandshakeError): void {
  const body = handshakeJson(err);
  socket.end(
    `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** With `isMsgResp` (the wasm SDK) a refusal is the error JSON as the first text frame, then a close. */
export function rejectWs(
  wss: WebSocketServer,
  req: IncomingMessage,
  socket: Duplex,
  head: Buffer,
  err: HandshakeError,
): void {
  wss.handleUpgrade(req, socket, head, (ws) => {
    ws.on('error', () => undefined);
    ws.send(handshakeJson(err), { binary: false }, () => ws.close(1000, 'handshake rejected'));
    // Do not wait forever for the peer's close frame.
    setTimeout(() => ws.terminate(), 5_000).unref();
  });
}
