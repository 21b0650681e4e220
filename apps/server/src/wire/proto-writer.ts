/** The proto3 writer: varints, tags, strings and in-place length-delimited payloads (see proto.ts). */

import { WT_LEN } from './proto-wire';

const textEncoder = new TextEncoder();

export class ProtoWriter {
  private buf: Uint8Array;
  private len = 0;

  constructor(initialSize = 256) {
    this.buf = new Uint8Array(initialSize);
  }

  private ensure(extra: number): void {
    if (this.len + extra <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.len + extra) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.len));
    this.buf = next;
  }

  /** Forgets what was written, keeping the buffer (a reused scratch writer). */
  reset(): void {
    this.len = 0;
    // A rare huge message (a full pull response) should not pin its buffer for the process's life.
    if (this.buf.length > 1 << 20) this.buf = new Uint8Array(4096);
  }

  raw(b: Uint8Array): void {
    this.ensure(b.length);
    this.buf.set(b, this.len);
    this.len += b.length;
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
    this.raw(bytes);
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

  /**
   * Starts a length-delimited payload written in place: reserves one byte for its length and
   * returns the position to hand to endLength once the payload is written. Nested messages are
   * encoded into the same buffer this way instead of into a writer of their own.
   */
  beginLength(): number {
    this.ensure(1);
    return this.len++;
  }

  /** Writes the length of the payload started at `at`, moving the payload when it needs more than one byte. */
  endLength(at: number): void {
    const size = this.len - at - 1;
    if (size < 0x80) {
      this.buf[at] = size;
      return;
    }
    // Move the payload by the extra varint bytes, then write the length with varint().
    let extra = 0;
    for (let n = size >>> 7; n > 0; n >>>= 7) extra++;
    this.ensure(extra);
    this.buf.copyWithin(at + 1 + extra, at + 1, this.len);
    const end = this.len + extra;
    // No reallocation below: a payload of 128+ bytes follows `at`, more than varint() ensures.
    this.len = at;
    this.varint(size);
    this.len = end;
  }

  finish(): Uint8Array {
    return this.buf.slice(0, this.len);
  }
}
