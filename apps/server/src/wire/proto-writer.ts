/** The proto3 writer (see proto.ts): varints, tags and strings over the shared byte buffer (byte-writer.ts). */

import { ByteWriter } from './byte-writer';
import { WT_LEN } from './proto-wire';

const textEncoder = new TextEncoder();

export class ProtoWriter extends ByteWriter {
  constructor(initialSize = 256) {
    super(initialSize);
  }

  /** Unsigned varint of a non-negative safe integer, or of a uint64 given as bigint. */
  varint(value: number | bigint): void {
    this.ensure(10);
    if (typeof value === 'number' && value >= 0 && value <= 0xffffffff) {
      // 32-bit values (tags, lengths, enums) with integer shifts; BigInt allocates on every step.
      let n = value >>> 0;
      while (n > 0x7f) {
        this.buf[this.len++] = (n & 0x7f) | 0x80;
        n >>>= 7;
      }
      this.buf[this.len++] = n;
      return;
    }
    if (typeof value === 'number' && value >= 0 && value <= Number.MAX_SAFE_INTEGER) {
      // Millisecond times: plain arithmetic up to 2^53.
      let n = Math.floor(value);
      while (n > 0x7f) {
        this.buf[this.len++] = (n % 128) | 0x80;
        n = Math.floor(n / 128);
      }
      this.buf[this.len++] = n;
      return;
    }
    let v = BigInt(value);
    while (v > 0x7fn) {
      this.buf[this.len++] = Number(v & 0x7fn) | 0x80;
      v >>= 7n;
    }
    this.buf[this.len++] = Number(v);
  }

  /** int32/int64 varint: negative values are sign-extended to 64 bits (10 bytes). */
  signedVarint(value: number): void {
    if (value >= 0) {
      this.varint(value);
      return;
    }
    this.varint(BigInt.asUintN(64, BigInt(value)));
  }

  tag(field: number, wireType: number): void {
    this.varint(field * 8 + wireType);
  }

  lengthDelimited(field: number, bytes: Uint8Array): void {
    this.tag(field, WT_LEN);
    this.varint(bytes.length);
    this.bytes(bytes);
  }

  /** A length-prefixed UTF-8 string (without its tag). */
  string(s: string): void {
    const n = s.length;
    // At most 3 bytes per UTF-16 unit, plus a length prefix of up to 5.
    this.ensure(n * 3 + 5);
    const at = this.beginLength();
    const buf = this.buf;
    let o = this.len;
    let i = 0;
    // Most strings on the wire (IDs, times, JSON of ASCII text) are ASCII: copy them without an
    // encoder call; the first non-ASCII unit hands the rest to the native encoder.
    for (; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c >= 0x80) break;
      buf[o++] = c;
    }
    if (i < n) o += textEncoder.encodeInto(s.slice(i), buf.subarray(o)).written;
    this.len = o;
    this.endLength(at);
  }

  protected lengthWidth(size: number): number {
    let width = 1;
    for (let n = size >>> 7; n > 0; n >>>= 7) width++;
    return width;
  }

  protected writeLength(size: number): void {
    this.varint(size);
  }
}
