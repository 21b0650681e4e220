import { describe, expect, it } from 'vitest';
import { ByteWriter } from './byte-writer';
import { encodeGobInt, encodeGobUint, encodeStructTypeDef } from './gob-encode';
import { ProtoWriter } from './proto-writer';

const hex = (b: Uint8Array): string => Buffer.from(b).toString('hex');
const counting = (n: number, from = 0): Uint8Array => new Uint8Array(n).map((_, i) => (from + i) & 0xff);

/** A format of its own for the buffer alone: a long length is 0xff and four big-endian bytes. */
class FixedLengthWriter extends ByteWriter {
  get capacity(): number {
    return this.buf.length;
  }

  protected lengthWidth(): number {
    return 5;
  }

  protected writeLength(size: number): void {
    this.byte(0xff);
    this.bytes(new Uint8Array([size >>> 24, (size >>> 16) & 0xff, (size >>> 8) & 0xff, size & 0xff]));
  }
}

/** The protobuf varint, worked out independently with BigInt. */
function leb128(value: number | bigint): string {
  let v = BigInt(value);
  const out: number[] = [];
  while (v > 0x7fn) {
    out.push(Number(v & 0x7fn) | 0x80);
    v >>= 7n;
  }
  out.push(Number(v));
  return hex(new Uint8Array(out));
}

describe('the growable byte buffer of the wire encoders', () => {
  it('keeps every byte written one at a time across many doublings', () => {
    const w = new FixedLengthWriter(4);
    for (let i = 0; i < 1000; i++) w.byte(i & 0xff);
    expect(hex(w.view())).toBe(hex(counting(1000)));
    expect(w.capacity).toBe(1024);
  });

  it('grows at once to fit a block larger than twice its size', () => {
    const w = new FixedLengthWriter(4);
    w.bytes(counting(3));
    w.bytes(counting(100, 3));
    expect(hex(w.finish())).toBe(hex(counting(103)));
    expect(w.capacity).toBe(128);
  });

  it('fills a one-byte length slot when the body is under 128 bytes', () => {
    const w = new FixedLengthWriter(4);
    w.byte(0xaa);
    const at = w.beginLength();
    w.bytes(counting(127));
    w.endLength(at);
    expect(hex(w.view())).toBe(`aa7f${hex(counting(127))}`);
  });

  it('moves a body of 128 bytes or more to make room for its long length, growing if needed', () => {
    for (const size of [128, 252, 1000]) {
      const w = new FixedLengthWriter(4);
      w.byte(0xaa);
      const at = w.beginLength();
      w.bytes(counting(size));
      w.endLength(at);
      w.byte(0xbb);
      const length = size.toString(16).padStart(8, '0');
      expect(hex(w.view())).toBe(`aaff${length}${hex(counting(size))}bb`);
    }
  });

  it('writes nested lengths in place, the inner one before the outer', () => {
    const w = new FixedLengthWriter(8);
    const outer = w.beginLength();
    w.byte(0x01);
    const inner = w.beginLength();
    w.bytes(counting(200));
    w.endLength(inner);
    w.endLength(outer);
    // Inner: 0xff + 4 bytes + 200 = 205; outer body: 1 + 205 = 206.
    expect(hex(w.view())).toBe(`ff000000ce01ff000000c8${hex(counting(200))}`);
  });

  it('hands out a view that the next use overwrites and a copy that stays', () => {
    const w = new FixedLengthWriter(4);
    w.bytes(new Uint8Array([1, 2, 3]));
    const view = w.view();
    const copy = w.finish();
    w.reset();
    w.bytes(new Uint8Array([9, 9]));
    expect([...view]).toEqual([9, 9, 3]);
    expect([...copy]).toEqual([1, 2, 3]);
    expect([...w.view()]).toEqual([9, 9]);
  });

  it('gives up a buffer above 1 MiB when reset, and keeps a smaller one', () => {
    const w = new FixedLengthWriter(4096);
    w.bytes(new Uint8Array(5000));
    w.reset();
    expect(w.capacity).toBe(8192);
    w.bytes(new Uint8Array(2 << 20));
    w.reset();
    expect(w.capacity).toBe(4096);
    expect(w.view().length).toBe(0);
  });
});

describe("each format's integers on the shared buffer", () => {
  const edges = [
    0,
    1,
    127,
    128,
    255,
    256,
    16_383,
    16_384,
    2 ** 32 - 1,
    2 ** 32,
    2 ** 52,
    Number.MAX_SAFE_INTEGER,
  ];

  it('writes protobuf varints of the edge values, also where they cross the buffer end', () => {
    expect(leb128(Number.MAX_SAFE_INTEGER)).toBe('ffffffffffffff0f');
    for (const value of [...edges, 2n ** 64n - 1n]) {
      for (let before = 0; before < 12; before++) {
        const w = new ProtoWriter(1);
        w.bytes(counting(before));
        w.varint(value);
        expect(hex(w.finish())).toBe(hex(counting(before)) + leb128(value));
      }
    }
  });

  it('writes negative protobuf integers as ten-byte varints', () => {
    const w = new ProtoWriter(1);
    w.signedVarint(-1);
    expect(hex(w.finish())).toBe('ffffffffffffffffff01');
  });

  it.each([
    [0, '00'],
    [127, '7f'],
    [128, 'ff80'],
    [2 ** 32, 'fb0100000000'],
    [Number.MAX_SAFE_INTEGER, 'f91fffffffffffff'],
  ])('writes the gob uint %d as %s', (value, expected) => {
    expect(hex(encodeGobUint(value))).toBe(expected);
    expect(hex(encodeGobUint(BigInt(value)))).toBe(expected);
  });

  it('keeps a gob integer whole where it crosses the end of the buffer', () => {
    // A type definition is written by a fresh 128-byte writer; the name's length slides the
    // three-byte type ID written after it (CommonType.Id) across that end.
    const typeId = hex(encodeGobInt(1000));
    for (let nameLength = 100; nameLength < 128; nameLength++) {
      const name = 'T'.repeat(nameLength);
      const def = encodeStructTypeDef({ name, typeId: 1000, fields: [{ name: 'F', kind: 'int' }] });
      expect(hex(def)).toContain(`${hex(Buffer.from(name))}01${typeId}00`);
    }
  });

  it('writes gob ints on both sides of the exact-arithmetic limit', () => {
    // A signed value is the uint of 2x (x >= 0) or 2|x| - 1 (x < 0).
    expect(hex(encodeGobInt(2 ** 52 - 1))).toBe('f91ffffffffffffe');
    expect(hex(encodeGobInt(2 ** 52))).toBe('f920000000000000');
    expect(hex(encodeGobInt(-(2 ** 52)))).toBe('f91fffffffffffff');
  });
});
