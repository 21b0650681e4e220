import { randomBytes as secureRandomBytes } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { emptyMsgData, type MsgData, type PullMessageBySeqsResp, type PushItem } from './contract';
import {
  decodeRequestFrame,
  decodeResponseFrame,
  encodeRequestFrame,
  encodeResponseFrame,
  gzip,
  gzipStored,
  STORED_GZIP_BELOW_BYTES,
  WireFrameError,
} from './envelope';
import { buildPushFrames, SDK_MAX_FRAME_BYTES, trimPullResponse } from './framing';
import { MsgDataCodec, PullMessageBySeqsRespCodec, PushMessagesCodec } from './messages';
import { OBSERVED_SDK_1001_REQUEST } from './testing/gob-fixtures';
import { mulberry32, randomBytes } from './testing/random';

const unhex = (h: string): Uint8Array => new Uint8Array(Buffer.from(h, 'hex'));

function frameError(fn: () => unknown): WireFrameError {
  try {
    fn();
  } catch (err) {
    if (err instanceof WireFrameError) return err;
    throw new Error(`expected a WireFrameError, got ${String(err)}`);
  }
  throw new Error('expected a WireFrameError, nothing was thrown');
}

describe('gzip framing', () => {
  it('a server frame is a gzip member around exactly one gob stream', () => {
    const env = {
      reqIdentifier: 1001,
      errCode: 0,
      errMsg: '',
      msgIncr: 'u1_1',
      operationID: 'op',
      data: new Uint8Array([1, 2]),
    };
    const frame = encodeResponseFrame(env);
    expect([frame[0], frame[1]]).toEqual([0x1f, 0x8b]);
    expect(decodeResponseFrame(frame)).toEqual(env);
  });

  it('wraps small frames in stored deflate blocks that any gunzip reads back, and compresses large ones', () => {
    for (const size of [0, 1, 200, STORED_GZIP_BELOW_BYTES - 1, 65_535, 65_536, 200_000]) {
      const data = secureRandomBytes(size);
      const frame = gzipStored(data);
      expect(gunzipSync(frame)).toEqual(Buffer.from(data));
      // 10 header bytes, 5 per block of at most 65,535 bytes, the data itself, 8 trailer bytes.
      expect(frame.length).toBe(10 + 5 * Math.max(1, Math.ceil(size / 65_535)) + size + 8);
    }
    const small = gzip(new Uint8Array(100).fill(7));
    // First deflate block header after the 10-byte gzip header: BFINAL 1, BTYPE 00 (stored).
    expect(small[10]).toBe(1);
    expect(small.length).toBe(10 + 5 + 100 + 8);
    const large = gzip(new Uint8Array(STORED_GZIP_BELOW_BYTES).fill(7));
    expect(large.length).toBeLessThan(100);
    expect(gunzipSync(large)).toEqual(Buffer.alloc(STORED_GZIP_BELOW_BYTES, 7));
  });

  it('decodes the SDK frame after gzip like the server receives it', () => {
    const frame = gzipSync(unhex(OBSERVED_SDK_1001_REQUEST));
    const env = decodeRequestFrame(frame);
    expect(env.reqIdentifier).toBe(1001);
    expect(env.sendID).toBe('u1');
    const roundTrip = encodeRequestFrame(env);
    expect(Buffer.from(gunzipSync(roundTrip)).toString('hex')).toBe(OBSERVED_SDK_1001_REQUEST);
  });

  it('rejects non-gzip, corrupt gzip, oversized frames and gzip bombs', () => {
    expect(frameError(() => decodeRequestFrame(unhex(OBSERVED_SDK_1001_REQUEST))).reason).toBe('gzip');
    const good = gzipSync(unhex(OBSERVED_SDK_1001_REQUEST));
    const corrupt = Buffer.from(good);
    corrupt[corrupt.length - 6] = (corrupt[corrupt.length - 6] ?? 0) ^ 0xff; // CRC32 mismatch
    expect(frameError(() => decodeRequestFrame(corrupt)).reason).toBe('gzip');
    expect(frameError(() => decodeRequestFrame(good.subarray(0, good.length - 3))).reason).toBe('gzip');
    const bomb = gzipSync(new Uint8Array(8 * 1024 * 1024));
    expect(bomb.length).toBeLessThan(64 * 1024);
    expect(
      frameError(() => decodeRequestFrame(bomb, { maxFrameBytes: 1 << 20, maxDecompressedBytes: 1 << 20 }))
        .reason,
    ).toBe('too-large');
    expect(
      frameError(() => decodeRequestFrame(good, { maxFrameBytes: 10, maxDecompressedBytes: 1 << 20 })).reason,
    ).toBe('too-large');
    expect(frameError(() => decodeRequestFrame(gzipSync(new Uint8Array([1, 2, 3])))).reason).toBe('gob');
  });
});

function textMsg(seq: number, content: Uint8Array): MsgData {
  return { ...emptyMsgData(), sendID: 'u1', recvID: 'u2', sessionType: 1, contentType: 110, seq, content };
}

describe('push frame splitting', () => {
  it('packs small pushes into one frame, grouped by conversation and stream type', () => {
    const items: PushItem[] = [
      { conversationID: 'si_u1_u2', msg: textMsg(1, new Uint8Array([1])) },
      { conversationID: 'n_u1_u2', msg: textMsg(0, new Uint8Array([2])) },
      { conversationID: 'si_u1_u2', msg: textMsg(2, new Uint8Array([3])) },
    ];
    const { frames, dropped } = buildPushFrames(items);
    expect(dropped).toEqual([]);
    expect(frames).toHaveLength(1);
    const env = decodeResponseFrame(frames[0] as Buffer);
    expect(env.reqIdentifier).toBe(2001);
    expect(env.msgIncr).toBe('');
    const push = PushMessagesCodec.decode(env.data);
    expect(push.msgs['si_u1_u2']?.Msgs.map((m) => m.seq)).toEqual([1, 2]);
    expect(Object.keys(push.notificationMsgs)).toEqual(['n_u1_u2']);
  });

  it('splits incompressible pushes so that no frame exceeds 1 MiB after gzip, keeping order', () => {
    const rnd = mulberry32(3);
    const items: PushItem[] = [];
    for (let seq = 1; seq <= 40; seq++) {
      // 100-200 KB of random bytes each: gzip cannot shrink them.
      const content = randomBytes(rnd, 200_000);
      items.push({ conversationID: seq % 2 ? 'si_u1_u2' : 'sg_g1', msg: textMsg(seq, content) });
    }
    const total = items.reduce((s, i) => s + i.msg.content.length, 0);
    const { frames, dropped } = buildPushFrames(items);
    expect(dropped).toEqual([]);
    expect(frames.length).toBeGreaterThanOrEqual(Math.ceil(total / SDK_MAX_FRAME_BYTES));
    const seen: number[] = [];
    for (const f of frames) {
      expect(f.length).toBeLessThanOrEqual(SDK_MAX_FRAME_BYTES);
      const push = PushMessagesCodec.decode(decodeResponseFrame(f).data);
      for (const list of Object.values(push.msgs)) seen.push(...list.Msgs.map((m) => m.seq));
    }
    expect(seen.sort((a, b) => a - b)).toEqual(items.map((i) => i.msg.seq));
    // Within one conversation, frames preserve seq order.
    const perConv: Record<string, number[]> = {};
    for (const f of frames) {
      const push = PushMessagesCodec.decode(decodeResponseFrame(f).data);
      for (const [id, list] of Object.entries(push.msgs)) {
        (perConv[id] ??= []).push(...list.Msgs.map((m) => m.seq));
      }
    }
    for (const seqs of Object.values(perConv)) expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
  });

  it('respects a smaller configured limit and drops a message that can never fit', () => {
    const rnd = mulberry32(4);
    const items: PushItem[] = [
      { conversationID: 'si_a_b', msg: textMsg(1, randomBytes(rnd, 10)) },
      {
        conversationID: 'si_a_b',
        msg: textMsg(
          2,
          new Uint8Array(70_000).map(() => Math.floor(rnd() * 256)),
        ),
      },
      { conversationID: 'si_a_b', msg: textMsg(3, randomBytes(rnd, 10)) },
    ];
    const { frames, dropped } = buildPushFrames(items, 32 * 1024);
    expect(dropped.map((m) => m.seq)).toEqual([2]);
    for (const f of frames) expect(f.length).toBeLessThanOrEqual(32 * 1024);
    const seqs = frames.flatMap((f) =>
      Object.values(PushMessagesCodec.decode(decodeResponseFrame(f).data).msgs).flatMap((l) =>
        l.Msgs.map((m) => m.seq),
      ),
    );
    expect(seqs).toEqual([1, 3]);
  });
});

describe('pull response trimming', () => {
  it('removes the oldest messages first until the response fits, and placeholders oversized ones', () => {
    const rnd = mulberry32(5);
    const limit = 64 * 1024;
    const resp: PullMessageBySeqsResp = {
      msgs: {
        si_a_b: {
          Msgs: Array.from({ length: 10 }, (_, i) => textMsg(i + 1, randomBytes(rnd, 20_000))),
          isEnd: true,
          endSeq: 0,
        },
      },
      notificationMsgs: {
        n_a_b: {
          Msgs: [
            textMsg(
              4,
              new Uint8Array(100_000).fill(7).map(() => Math.floor(rnd() * 256)),
            ),
          ],
          isEnd: false,
          endSeq: 0,
        },
      },
    };
    const fits = (): boolean =>
      encodeResponseFrame({
        reqIdentifier: 1002,
        errCode: 0,
        errMsg: '',
        msgIncr: 'x',
        operationID: 'y',
        data: PullMessageBySeqsRespCodec.encode(resp),
      }).length <= limit;
    expect(fits()).toBe(false);
    const changed = trimPullResponse(resp, limit, fits);
    expect(fits()).toBe(true);
    expect(changed).toBeGreaterThan(0);
    const kept = resp.msgs['si_a_b']?.Msgs.map((m) => m.seq) ?? [];
    expect(kept.length).toBeGreaterThan(0);
    // the newest messages survive, contiguous up to the end
    expect(kept).toEqual(Array.from({ length: kept.length }, (_, i) => 10 - kept.length + 1 + i));
    const notif = resp.notificationMsgs['n_a_b']?.Msgs[0];
    if (notif) {
      expect(notif.status).toBe(4);
      expect(MsgDataCodec.encode(notif).length).toBeLessThan(100);
    }
  });
});
