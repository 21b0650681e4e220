/**
 * The two WebSocket envelopes and their binary frames: gzip(gob(struct)), one complete gob
 * stream (type definition + value) per frame, exactly as the OpenIM SDK and server exchange them.
 */
import { crc32, gunzipSync, gzipSync } from 'node:zlib';
import { GobDecodeError, GobType, type GobStructLayout } from './gob';
import { decodeGobStruct, type DecodedGobStruct } from './gob-decode';
import { encodeGobStruct, encodeGobStructView } from './gob-encode';

/** Client -> server envelope (the SDK's GeneralWsReq). */
export interface WsRequestEnvelope {
  reqIdentifier: number;
  token: string;
  sendID: string;
  operationID: string;
  msgIncr: string;
  data: Uint8Array;
}

/** Server -> client envelope (the SDK's GeneralWsResp / the server's Resp). */
export interface WsResponseEnvelope {
  reqIdentifier: number;
  errCode: number;
  errMsg: string;
  msgIncr: string;
  operationID: string;
  data: Uint8Array;
}

/** The reference server's `Resp` struct, type ID 65: what open-im-server puts on the wire. */
export const SERVER_RESP_LAYOUT: GobStructLayout = {
  name: 'Resp',
  typeId: 65,
  fields: [
    { name: 'ReqIdentifier', kind: 'int' },
    { name: 'MsgIncr', kind: 'string' },
    { name: 'OperationID', kind: 'string' },
    { name: 'ErrCode', kind: 'int' },
    { name: 'ErrMsg', kind: 'string' },
    { name: 'Data', kind: 'bytes' },
  ],
};

/** The SDK's own `GeneralWsResp` struct (field order differs; gob matches by name). */
export const SDK_RESP_LAYOUT: GobStructLayout = {
  name: 'GeneralWsResp',
  typeId: 64,
  fields: [
    { name: 'ReqIdentifier', kind: 'int' },
    { name: 'ErrCode', kind: 'int' },
    { name: 'ErrMsg', kind: 'string' },
    { name: 'MsgIncr', kind: 'string' },
    { name: 'OperationID', kind: 'string' },
    { name: 'Data', kind: 'bytes' },
  ],
};

/** The SDK's `GeneralWsReq`; the wasm SDK uses type ID 64 for it. */
export const SDK_REQ_LAYOUT: GobStructLayout = {
  name: 'GeneralWsReq',
  typeId: 64,
  fields: [
    { name: 'ReqIdentifier', kind: 'int' },
    { name: 'Token', kind: 'string' },
    { name: 'SendID', kind: 'string' },
    { name: 'OperationID', kind: 'string' },
    { name: 'MsgIncr', kind: 'string' },
    { name: 'Data', kind: 'bytes' },
  ],
};

/** Why a frame could not be decoded. */
export class WireFrameError extends Error {
  override readonly name = 'WireFrameError';
  constructor(
    readonly reason: 'too-large' | 'gzip' | 'gob' | 'type',
    message: string,
  ) {
    super(message);
  }
}

// -- gob level ---------------------------------------------------------------------------------

/** The response envelope as gob struct fields (gob matches them by name, in any layout). */
function responseFields(env: WsResponseEnvelope): Record<string, number | string | Uint8Array> {
  return {
    ReqIdentifier: env.reqIdentifier,
    MsgIncr: env.msgIncr,
    OperationID: env.operationID,
    ErrCode: env.errCode,
    ErrMsg: env.errMsg,
    Data: env.data,
  };
}

function requestFields(env: WsRequestEnvelope): Record<string, number | string | Uint8Array> {
  return {
    ReqIdentifier: env.reqIdentifier,
    Token: env.token,
    SendID: env.sendID,
    OperationID: env.operationID,
    MsgIncr: env.msgIncr,
    Data: env.data,
  };
}

export function encodeResponseGob(
  env: WsResponseEnvelope,
  layout: GobStructLayout = SERVER_RESP_LAYOUT,
): Uint8Array {
  return encodeGobStruct(layout, responseFields(env));
}

export function encodeRequestGob(
  env: WsRequestEnvelope,
  layout: GobStructLayout = SDK_REQ_LAYOUT,
): Uint8Array {
  return encodeGobStruct(layout, requestFields(env));
}

/**
 * Reads a field the way Go's gob decoder fills a struct field: absent -> zero value; present
 * with a different wire type than the receiver's field -> error (Go fails the whole decode).
 */
function field<K extends 'int' | 'string' | 'bytes'>(
  decoded: DecodedGobStruct,
  name: string,
  kind: K,
): K extends 'int' ? number : K extends 'string' ? string : Uint8Array {
  type R = K extends 'int' ? number : K extends 'string' ? string : Uint8Array;
  const expected = kind === 'int' ? GobType.int : kind === 'string' ? GobType.string : GobType.bytes;
  const sentType = decoded.fieldTypes.get(name);
  if (sentType !== undefined && sentType !== expected) {
    throw new WireFrameError('type', `gob field ${name} has type id ${sentType}, want ${expected}`);
  }
  const v = decoded.values.get(name);
  if (v === undefined) {
    return (kind === 'int' ? 0 : kind === 'string' ? '' : new Uint8Array(0)) as R;
  }
  return v as R;
}

export function decodeRequestGob(gob: Uint8Array): WsRequestEnvelope {
  const d = decodeGobStruct(gob);
  return {
    reqIdentifier: field(d, 'ReqIdentifier', 'int'),
    token: field(d, 'Token', 'string'),
    sendID: field(d, 'SendID', 'string'),
    operationID: field(d, 'OperationID', 'string'),
    msgIncr: field(d, 'MsgIncr', 'string'),
    data: field(d, 'Data', 'bytes'),
  };
}

export function decodeResponseGob(gob: Uint8Array): WsResponseEnvelope {
  const d = decodeGobStruct(gob);
  return {
    reqIdentifier: field(d, 'ReqIdentifier', 'int'),
    errCode: field(d, 'ErrCode', 'int'),
    errMsg: field(d, 'ErrMsg', 'string'),
    msgIncr: field(d, 'MsgIncr', 'string'),
    operationID: field(d, 'OperationID', 'string'),
    data: field(d, 'Data', 'bytes'),
  };
}

// -- frame level (gzip) ------------------------------------------------------------------------

export interface FrameLimits {
  /** Maximum compressed frame size. */
  maxFrameBytes: number;
  /** Maximum size after gunzip (protects against gzip bombs). */
  maxDecompressedBytes: number;
}

const DEFAULT_INBOUND_LIMITS: FrameLimits = {
  maxFrameBytes: 256 * 1024,
  maxDecompressedBytes: 1024 * 1024,
};

/**
 * Below this size the fastest gzip level is used: pushes and answers are mostly small, where level 1
 * costs a third of the default's CPU for a few bytes more. Large frames keep the default level, since
 * they are the ones that must fit the SDK's 1 MiB read limit.
 */
const FAST_GZIP_BELOW_BYTES = 64 * 1024;

/**
 * Below this size frames are wrapped as stored (uncompressed) deflate blocks: an acknowledgement or a
 * one-message push shrinks by a few dozen bytes at best, while setting up a compressor for it was the
 * largest single CPU cost of a one-to-one send (profiled by bench/server-load). It is still a valid
 * gzip member, which the SDK requires for every frame on a `compression=gzip` connection.
 */
export const STORED_GZIP_BELOW_BYTES = 1024;

export function gzip(data: Uint8Array): Buffer {
  if (data.length < STORED_GZIP_BELOW_BYTES) return gzipStored(data);
  return data.length < FAST_GZIP_BELOW_BYTES ? gzipSync(data, { level: 1 }) : gzipSync(data);
}

/** Largest stored deflate block (RFC 1951 3.2.4: LEN is 16 bits). */
const MAX_STORED_BLOCK = 0xffff;

/**
 * A gzip member (RFC 1952) whose deflate stream is stored blocks (RFC 1951, BTYPE 00): header,
 * blocks of up to 65,535 bytes with LEN and its one's complement, then CRC-32 and size.
 */
export function gzipStored(data: Uint8Array): Buffer {
  const blocks = Math.max(1, Math.ceil(data.length / MAX_STORED_BLOCK));
  const out = Buffer.allocUnsafe(10 + blocks * 5 + data.length + 8);
  // ID1 ID2, CM = deflate, no flags, no mtime, XFL 0, OS unknown (255).
  out.set([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff], 0);
  let o = 10;
  for (let b = 0; b < blocks; b++) {
    const start = b * MAX_STORED_BLOCK;
    const len = Math.min(MAX_STORED_BLOCK, data.length - start);
    // BFINAL on the last block, BTYPE 00; the rest of the byte is padding up to LEN.
    out[o] = b === blocks - 1 ? 1 : 0;
    out.writeUInt16LE(len, o + 1);
    out.writeUInt16LE(~len & 0xffff, o + 3);
    o += 5;
    out.set(data.subarray(start, start + len), o);
    o += len;
  }
  out.writeUInt32LE(crc32(data) >>> 0, o);
  out.writeUInt32LE(data.length >>> 0, o + 4);
  return out;
}

/**
 * The payload of a gzip member that is exactly what gzipStored writes (no header flags, one final
 * stored block, a matching CRC-32 and size, nothing after it), or undefined for anything else,
 * which then goes through zlib. Every small frame this server sends has that shape, and creating a
 * zlib stream for it cost more than the rest of decoding it (profiled by bench/server-load).
 */
function gunzipStored(frame: Uint8Array): Buffer | undefined {
  // 10 header bytes, 5 block-header bytes, payload, 8 trailer bytes.
  if (frame.length < 23 || frame[2] !== 8 || frame[3] !== 0 || frame[10] !== 1) return undefined;
  const len = (frame[11] as number) | ((frame[12] as number) << 8);
  const nlen = (frame[13] as number) | ((frame[14] as number) << 8);
  if ((len ^ 0xffff) !== nlen || frame.length !== 23 + len) return undefined;
  const payload = frame.subarray(15, 15 + len);
  const view = new DataView(frame.buffer, frame.byteOffset, frame.byteLength);
  if (view.getUint32(15 + len, true) !== crc32(payload) >>> 0 || view.getUint32(19 + len, true) !== len) {
    // Damaged: let zlib report it with its own message.
    return undefined;
  }
  return Buffer.from(payload);
}

/** gunzip with an output bound; every failure becomes a WireFrameError. */
export function gunzip(frame: Uint8Array, limits: FrameLimits = DEFAULT_INBOUND_LIMITS): Buffer {
  if (frame.length > limits.maxFrameBytes) {
    throw new WireFrameError('too-large', `frame of ${frame.length} bytes exceeds ${limits.maxFrameBytes}`);
  }
  if (frame.length < 18 || frame[0] !== 0x1f || frame[1] !== 0x8b) {
    throw new WireFrameError('gzip', 'frame is not gzip data');
  }
  const stored = gunzipStored(frame);
  if (stored !== undefined) {
    if (stored.length > limits.maxDecompressedBytes) {
      throw new WireFrameError('too-large', `frame inflates beyond ${limits.maxDecompressedBytes} bytes`);
    }
    return stored;
  }
  try {
    return gunzipSync(frame, { maxOutputLength: limits.maxDecompressedBytes });
  } catch (err) {
    const msg = err instanceof Error ? err.message : String(err);
    const tooLarge = err instanceof RangeError || /larger than|too large/i.test(msg);
    throw new WireFrameError(tooLarge ? 'too-large' : 'gzip', `gunzip failed: ${msg}`);
  }
}

function gobErrorToFrameError(err: unknown): never {
  if (err instanceof WireFrameError) throw err;
  if (err instanceof GobDecodeError) throw new WireFrameError('gob', err.message);
  throw new WireFrameError('gob', `gob decode failed: ${err instanceof Error ? err.message : String(err)}`);
}

/** Server side: binary frame -> request envelope. Throws only WireFrameError. */
export function decodeRequestFrame(
  frame: Uint8Array,
  limits: FrameLimits = DEFAULT_INBOUND_LIMITS,
): WsRequestEnvelope {
  const gob = gunzip(frame, limits);
  try {
    return decodeRequestGob(gob);
  } catch (err) {
    return gobErrorToFrameError(err);
  }
}

/** Server side: response envelope -> binary frame. */
export function encodeResponseFrame(
  env: WsResponseEnvelope,
  layout: GobStructLayout = SERVER_RESP_LAYOUT,
): Buffer {
  // The gob is a scratch view that gzip consumes at once: no copy of it is made.
  return gzip(encodeGobStructView(layout, responseFields(env)));
}

/** Client side (test client / load generator): request envelope -> binary frame. */
export function encodeRequestFrame(
  env: WsRequestEnvelope,
  layout: GobStructLayout = SDK_REQ_LAYOUT,
  /** Turns the gob into the gzip member sent; the load generator passes its own compressor. */
  compress: (gob: Uint8Array) => Buffer = gzip,
): Buffer {
  const gob = encodeGobStructView(layout, requestFields(env));
  return compress(gob);
}

/** Client side: binary frame -> response envelope. Throws only WireFrameError. */
export function decodeResponseFrame(
  frame: Uint8Array,
  limits: FrameLimits = { maxFrameBytes: 1024 * 1024, maxDecompressedBytes: 64 * 1024 * 1024 },
): WsResponseEnvelope {
  const gob = gunzip(frame, limits);
  try {
    return decodeResponseGob(gob);
  } catch (err) {
    return gobErrorToFrameError(err);
  }
}
