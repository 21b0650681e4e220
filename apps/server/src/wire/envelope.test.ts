import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  SERVER_RESP_LAYOUT,
  WireFrameError,
  decodeResponseFrame,
  encodeResponseFrame,
  gunzip,
  gzipStored,
} from './envelope';
import { decodeGobStruct } from './gob-decode';
import { encodeGobStruct } from './gob-encode';
import { gzipFixedLiterals } from './testing/fixed-deflate';
import { mulberry32, randomBytes } from './testing/random';

const bytes = (n: number, fill = 0x41): Uint8Array => new Uint8Array(n).fill(fill);

describe('gunzip of stored gzip members', () => {
  it('returns the payload of every size the stored encoder writes', () => {
    const rnd = mulberry32(5);
    for (const n of [0, 1, 17, 1023, 65_535, 65_536, 200_000]) {
      const data = n < 300 ? randomBytes(rnd, n).subarray(0, n) : bytes(n, n % 251);
      const frame = gzipStored(data);
      expect(
        Buffer.compare(gunzip(frame, { maxFrameBytes: 1 << 20, maxDecompressedBytes: 1 << 20 }), data),
      ).toBe(0);
      // zlib agrees on what was written
      expect(Buffer.compare(gunzipSync(frame), data)).toBe(0);
    }
  });

  it('rejects a damaged stored member instead of returning its bytes', () => {
    const frame = gzipStored(bytes(100));
    const badCrc = Buffer.from(frame);
    badCrc[frame.length - 8] = (badCrc[frame.length - 8] as number) ^ 0xff;
    expect(() => gunzip(badCrc)).toThrow(WireFrameError);
    const badSize = Buffer.from(frame);
    badSize[frame.length - 4] = 99;
    expect(() => gunzip(badSize)).toThrow(WireFrameError);
    const badNlen = Buffer.from(frame);
    badNlen[13] = 0;
    expect(() => gunzip(badNlen)).toThrow(WireFrameError);
    const truncated = frame.subarray(0, frame.length - 1);
    expect(() => gunzip(truncated)).toThrow(WireFrameError);
  });

  it('applies the inflated-size limit to stored members too', () => {
    const frame = gzipStored(bytes(5_000));
    expect(() => gunzip(frame, { maxFrameBytes: 1 << 20, maxDecompressedBytes: 4_999 })).toThrow(
      expect.objectContaining({ reason: 'too-large' }),
    );
  });

  it('still inflates compressed members and members with header flags', () => {
    const data = bytes(3_000, 0x62);
    expect(Buffer.compare(gunzip(gzipSync(data)), data)).toBe(0);
    // FNAME set: not the stored shape this server writes, so zlib reads it.
    const named = Buffer.concat([Buffer.from([0x1f, 0x8b, 8, 8, 0, 0, 0, 0, 0, 0xff]), Buffer.from('n\0')]);
    const stored = gzipStored(data);
    const withName = Buffer.concat([named, stored.subarray(10)]);
    expect(Buffer.compare(gunzip(withName), data)).toBe(0);
  });
});

describe('fixed-Huffman gzip of the load generator', () => {
  it('is real deflate data that zlib inflates to the input', () => {
    const rnd = mulberry32(11);
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    for (const data of [
      new Uint8Array(0),
      all,
      randomBytes(rnd, 1),
      randomBytes(rnd, 500),
      bytes(10_000, 0xff),
    ]) {
      const frame = gzipFixedLiterals(data);
      // BTYPE 01 (fixed Huffman), final block: not a stored member
      expect((frame[10] as number) & 0b111).toBe(0b011);
      expect(Buffer.compare(gunzipSync(frame), data)).toBe(0);
      expect(Buffer.compare(gunzip(frame), data)).toBe(0);
    }
  });
});

describe('gob frames in one buffer', () => {
  it('writes value messages whose length needs one to four bytes', () => {
    for (const n of [0, 50, 100, 127, 128, 200, 255, 256, 65_535, 65_536, 300_000]) {
      const data = bytes(n, 3);
      const gob = encodeGobStruct(SERVER_RESP_LAYOUT, { ReqIdentifier: 2001, OperationID: 'op', Data: data });
      const decoded = decodeGobStruct(gob);
      expect(decoded.values.get('ReqIdentifier')).toBe(2001);
      expect((decoded.values.get('Data') as Uint8Array | undefined)?.length ?? 0).toBe(n);
    }
  });

  it('round-trips response frames with non-ASCII text', () => {
    const env = {
      reqIdentifier: 1003,
      errCode: 1302,
      errMsg: '对方已将你拉黑 😀',
      msgIncr: 'u1_7',
      operationID: 'op-é',
      data: bytes(70, 9),
    };
    const back = decodeResponseFrame(encodeResponseFrame(env));
    expect({ ...back, data: Buffer.from(back.data).toString('hex') }).toEqual({
      ...env,
      data: Buffer.from(env.data).toString('hex'),
    });
  });
});
