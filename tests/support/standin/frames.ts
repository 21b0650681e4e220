// Just enough of gob to replay the login exchange the SDK was observed to make
// (../../../../shared/reference/openim-sdk-observed-login.md, section 3): decode the SDK's
// GeneralWsReq and encode a GeneralWsResp. Not a general gob codec; the server's wire module is.
import { gunzipSync, gzipSync } from 'node:zlib';

/** Type definition of GeneralWsResp{ReqIdentifier int; ErrCode int; ErrMsg, MsgIncr, OperationID string; Data []byte} as id 64. */
const RESP_TYPE_DEFINITION = Buffer.from(
  '687f0301010d47656e6572616c57735265737001ff80000106010d5265714964656e7469666965720104000107457272436f' +
    '646501040001064572724d7367010c0001074d7367496e6372010c00010b4f7065726174696f6e4944010c0001044461746101' +
    '0a000000',
  'hex',
);
const REQ_FIELDS = ['ReqIdentifier', 'Token', 'SendID', 'OperationID', 'MsgIncr', 'Data'] as const;

export interface WsRequest {
  ReqIdentifier: number;
  SendID: string;
  OperationID: string;
  MsgIncr: string;
  Data: Buffer;
}
export interface WsResponse {
  ReqIdentifier: number;
  ErrCode?: number;
  ErrMsg?: string;
  MsgIncr?: string;
  OperationID?: string;
  Data?: Uint8Array;
}

function readUint(buf: Buffer, at: { i: number }): number {
  const first = buf[at.i++] ?? 0;
  if (first < 128) return first;
  let value = 0;
  for (let n = 256 - first; n > 0; n--) value = value * 256 + (buf[at.i++] ?? 0);
  return value;
}
function readInt(buf: Buffer, at: { i: number }): number {
  const u = readUint(buf, at);
  return u % 2 === 1 ? -(u - 1) / 2 - 1 : u / 2;
}
function pushUint(value: number, out: number[]): void {
  if (value < 128) {
    out.push(value);
    return;
  }
  const bytes: number[] = [];
  for (let v = value; v > 0; v = Math.floor(v / 256)) bytes.unshift(v % 256);
  out.push(256 - bytes.length, ...bytes);
}
function pushInt(value: number, out: number[]): void {
  pushUint(value >= 0 ? value * 2 : (-value - 1) * 2 + 1, out);
}
function pushBytes(bytes: Uint8Array, out: number[]): void {
  pushUint(bytes.length, out);
  for (const b of bytes) out.push(b);
}

/** Decodes one gzip(gob(GeneralWsReq)) frame as the SDK sends it (fields in the SDK's declaration order). */
export function decodeRequest(frame: Buffer): WsRequest {
  const buf = gunzipSync(frame);
  const request: WsRequest = {
    ReqIdentifier: 0,
    SendID: '',
    OperationID: '',
    MsgIncr: '',
    Data: Buffer.alloc(0),
  };
  const at = { i: 0 };
  while (at.i < buf.length) {
    const length = readUint(buf, at);
    const end = at.i + length;
    if (readInt(buf, at) >= 0) {
      let field = -1;
      for (let delta = readUint(buf, at); delta !== 0; delta = readUint(buf, at)) {
        field += delta;
        const name = REQ_FIELDS[field];
        if (name === 'ReqIdentifier') request.ReqIdentifier = readInt(buf, at);
        else {
          const size = readUint(buf, at);
          const bytes = buf.subarray(at.i, at.i + size);
          at.i += size;
          if (name === 'Data') request.Data = Buffer.from(bytes);
          else if (name === 'SendID' || name === 'OperationID' || name === 'MsgIncr')
            request[name] = bytes.toString();
        }
      }
    }
    at.i = end;
  }
  return request;
}

/** Encodes gzip(gob(GeneralWsResp)) as one complete gob stream (type definition, then the value). */
export function encodeResponse(response: WsResponse): Buffer {
  const value: number[] = [];
  pushInt(64, value);
  let last = -1;
  const field = (index: number, write: () => void): void => {
    pushUint(index - last, value);
    last = index;
    write();
  };
  if (response.ReqIdentifier) field(0, () => pushInt(response.ReqIdentifier, value));
  if (response.ErrCode) field(1, () => pushInt(response.ErrCode ?? 0, value));
  if (response.ErrMsg) field(2, () => pushBytes(Buffer.from(response.ErrMsg ?? ''), value));
  if (response.MsgIncr) field(3, () => pushBytes(Buffer.from(response.MsgIncr ?? ''), value));
  if (response.OperationID) field(4, () => pushBytes(Buffer.from(response.OperationID ?? ''), value));
  if (response.Data?.length) field(5, () => pushBytes(response.Data ?? new Uint8Array(), value));
  value.push(0);
  const length: number[] = [];
  pushUint(value.length, length);
  return gzipSync(Buffer.concat([RESP_TYPE_DEFINITION, Buffer.from(length), Buffer.from(value)]));
}
