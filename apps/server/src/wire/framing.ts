/**
 * Frame-size discipline for server -> client frames.
 *
 * The SDK reads each WebSocket message with a limit of 1 MiB (`maxMessageSize = 1024*1024`,
 * coder/websocket `SetReadLimit`), measured on the gzip-compressed frame: a larger message makes
 * the browser socket close with 1009, the SDK reconnects and repeats the same request (a loop).
 * Pushes are therefore split over several frames, and pull responses are trimmed (oldest
 * messages first; the SDK re-requests gaps through 1005 history) until their frame fits.
 */
import {
  emptyMsgData,
  isNotificationConversationID,
  type GetLastMessageResp,
  type MsgData,
  type PullMsgs,
  type PushItem,
  type PushMessages,
} from './contract';
import { encodeResponseFrame, type WsResponseEnvelope } from './envelope';
import { MsgDataCodec, PushMessagesCodec } from './messages';

/** The SDK's read limit in bytes (compressed frame). */
export const SDK_MAX_FRAME_BYTES = 1024 * 1024;

/** Bytes kept free for the envelope, map keys and gzip's worst-case expansion. */
const FRAME_SLACK_BYTES = 8 * 1024;

export type FrameEncoder = (env: WsResponseEnvelope) => Buffer;

/**
 * `encode`, giving the frame it made last again when asked for the same envelope (the same object): a pull
 * answer is encoded once to measure it against the frame limit, and that frame is the one sent.
 */
export function rememberLastFrame(encode: FrameEncoder): FrameEncoder {
  let last: { env: WsResponseEnvelope; frame: Buffer } | undefined;
  return (env) => {
    if (last?.env !== env) last = { env, frame: encode(env) };
    return last.frame;
  };
}

const gzipFrameEncoder: FrameEncoder = (env) => encodeResponseFrame(env);

function pushEnvelope(data: Uint8Array, operationID: string): WsResponseEnvelope {
  return { reqIdentifier: 2001, errCode: 0, errMsg: '', msgIncr: '', operationID, data };
}

/** Groups items into a PushMessages payload, keeping the given order inside each conversation. */
function toPushMessages(items: readonly PushItem[]): PushMessages {
  const msgs: Record<string, PullMsgs> = {};
  const notificationMsgs: Record<string, PullMsgs> = {};
  for (const { conversationID, msg } of items) {
    const target = isNotificationConversationID(conversationID) ? notificationMsgs : msgs;
    let list = target[conversationID];
    if (list === undefined) {
      list = { Msgs: [], isEnd: false, endSeq: 0 };
      target[conversationID] = list;
    }
    list.Msgs.push(msg);
  }
  return { msgs, notificationMsgs };
}

export interface PushFramesResult {
  frames: Buffer[];
  /** Messages that could not be sent because a single one exceeds the frame limit. */
  dropped: MsgData[];
}

/**
 * Encodes push items into as few 2001 frames as possible, none larger than `maxFrameBytes`.
 * Items are packed greedily by their uncompressed size, then every frame is verified after
 * compression and split further if needed.
 */
export function buildPushFrames(
  items: readonly PushItem[],
  maxFrameBytes: number = SDK_MAX_FRAME_BYTES,
  encode: FrameEncoder = gzipFrameEncoder,
  /** Must not be empty for the SDK (see newServerOperationID in gateway.ts). */
  operationID = `push${Date.now()}`,
): PushFramesResult {
  const budget = Math.max(1024, maxFrameBytes - FRAME_SLACK_BYTES);
  const out: PushFramesResult = { frames: [], dropped: [] };
  // The common push carries one message: no batching to plan, so don't encode it once more to size it.
  if (items.length === 1) {
    emitPushFrames(out, items, maxFrameBytes, encode, operationID);
    return out;
  }
  let batch: PushItem[] = [];
  let size = 0;
  for (const item of items) {
    // message bytes + field tags/lengths + a share of the map entry for its conversation
    const itemSize = MsgDataCodec.encode(item.msg).length + 16 + item.conversationID.length;
    if (batch.length > 0 && size + itemSize > budget) {
      emitPushFrames(out, batch, maxFrameBytes, encode, operationID);
      batch = [];
      size = 0;
    }
    batch.push(item);
    size += itemSize;
  }
  emitPushFrames(out, batch, maxFrameBytes, encode, operationID);
  return out;
}

/** Encodes `batch` as one frame, or halves it until every part fits (a lone message too large is dropped). */
function emitPushFrames(
  out: PushFramesResult,
  batch: readonly PushItem[],
  maxFrameBytes: number,
  encode: FrameEncoder,
  operationID: string,
): void {
  if (batch.length === 0) return;
  const frame = encode(pushEnvelope(PushMessagesCodec.encode(toPushMessages(batch)), operationID));
  if (frame.length <= maxFrameBytes) {
    out.frames.push(frame);
    return;
  }
  if (batch.length === 1) {
    out.dropped.push((batch[0] as PushItem).msg);
    return;
  }
  const mid = Math.ceil(batch.length / 2);
  emitPushFrames(out, batch.slice(0, mid), maxFrameBytes, encode, operationID);
  emitPushFrames(out, batch.slice(mid), maxFrameBytes, encode, operationID);
}

/** A placeholder the SDK treats as "no message at this seq" (status 4 = deleted). */
function placeholder(seq: number): MsgData {
  return { ...emptyMsgData(), seq, status: 4 };
}

interface MsgRef {
  list: PullMsgs;
  msg: MsgData;
  size: number;
}

/**
 * Shrinks a pull response (1002 / 1005 shape) in place until `fits()` says it fits:
 * first any single message too large to ever fit becomes a placeholder, then the messages with
 * the lowest seqs are removed. Returns how many messages were removed or replaced.
 */
export function trimPullResponse(
  resp: { msgs: Record<string, PullMsgs>; notificationMsgs: Record<string, PullMsgs> },
  maxFrameBytes: number,
  fits: () => boolean,
): number {
  const budget = Math.max(1024, maxFrameBytes - FRAME_SLACK_BYTES);
  const refs: MsgRef[] = [];
  for (const map of [resp.msgs, resp.notificationMsgs]) {
    for (const list of Object.values(map)) {
      for (const msg of list.Msgs) refs.push({ list, msg, size: MsgDataCodec.encode(msg).length });
    }
  }
  let changed = 0;
  for (const ref of refs) {
    if (ref.size > budget) {
      const idx = ref.list.Msgs.indexOf(ref.msg);
      const replacement = placeholder(ref.msg.seq);
      ref.list.Msgs[idx] = replacement;
      ref.msg = replacement;
      ref.size = MsgDataCodec.encode(replacement).length;
      changed++;
    }
  }
  if (fits()) return changed;
  // Oldest first: the SDK fills holes in history through 1005 later; the newest messages are
  // what the conversation list shows.
  refs.sort((a, b) => a.msg.seq - b.msg.seq);
  let total = refs.reduce((s, r) => s + r.size, 0);
  let i = 0;
  while (i < refs.length) {
    // Drop down to a size estimate first, then verify with a real encode.
    const target = Math.min(total - 1, budget);
    while (i < refs.length && total > target) {
      const ref = refs[i] as MsgRef;
      const idx = ref.list.Msgs.indexOf(ref.msg);
      if (idx >= 0) ref.list.Msgs.splice(idx, 1);
      total -= ref.size;
      changed++;
      i++;
    }
    if (fits()) return changed;
  }
  return changed;
}

/** Shrinks a 1007 response in place (largest entries first) until it fits. */
export function trimLastMessageResponse(resp: GetLastMessageResp, fits: () => boolean): number {
  const entries = Object.entries(resp.msgs)
    .map(([id, msg]) => ({ id, size: MsgDataCodec.encode(msg).length }))
    .sort((a, b) => b.size - a.size);
  let removed = 0;
  for (const e of entries) {
    if (fits()) return removed;
    delete resp.msgs[e.id];
    removed++;
  }
  return removed;
}
