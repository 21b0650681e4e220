/** The proto3 reader: bounds-checked varints, fields, spans and skipping of unknown fields (see proto.ts). */

import { INT32_MAX, WT_I32, WT_I64, WT_LEN, WT_VARINT } from './proto-wire';

export class ProtoDecodeError extends Error {
  override readonly name = 'ProtoDecodeError';
}

const textDecoder = new TextDecoder('utf-8');

export class ProtoReader {
  pos: number;
  constructor(
    private readonly buf: Uint8Array,
    start = 0,
    readonly end: number = buf.length,
  ) {
    this.pos = start;
  }

  done(): boolean {
    return this.pos >= this.end;
  }

  private byte(): number {
    if (this.pos >= this.end) throw new ProtoDecodeError('unexpected end of protobuf data');
    return this.buf[this.pos++] as number;
  }

  varintBig(): bigint {
    let result = 0n;
    for (let shift = 0n; shift < 70n; shift += 7n) {
      const b = this.byte();
      result |= BigInt(b & 0x7f) << shift;
      if ((b & 0x80) === 0) return BigInt.asUintN(64, result);
    }
    throw new ProtoDecodeError('varint longer than 10 bytes');
  }

  /**
   * A varint of at most 7 bytes (< 2^49) as a plain number, or undefined (position unchanged) when it
   * is longer: lengths, tags, seqs and millisecond times all take this path.
   */
  private smallVarint(): number | undefined {
    let result = 0;
    let mul = 1;
    for (let i = 0; i < 7; i++) {
      const p = this.pos + i;
      if (p >= this.end) return undefined;
      const b = this.buf[p] as number;
      result += (b & 0x7f) * mul;
      if (b < 0x80) {
        this.pos = p + 1;
        return result;
      }
      mul *= 128;
    }
    return undefined;
  }

  /** Fast path for small varints, falls back to bigint. */
  uint(): number {
    const small = this.smallVarint();
    if (small !== undefined) return small;
    const v = this.varintBig();
    if (v > BigInt(Number.MAX_SAFE_INTEGER)) throw new ProtoDecodeError(`varint too large: ${v}`);
    return Number(v);
  }

  int32(): number {
    const small = this.smallVarint();
    // Below 2^31 the int32 is the varint itself; negatives are sign-extended to 10 bytes.
    if (small !== undefined && small <= INT32_MAX) return small;
    if (small !== undefined) return Number(BigInt.asIntN(32, BigInt(small)));
    return Number(BigInt.asIntN(32, this.varintBig()));
  }

  int64(): number {
    const small = this.smallVarint();
    if (small !== undefined) return small;
    const v = BigInt.asIntN(64, this.varintBig());
    if (v > BigInt(Number.MAX_SAFE_INTEGER) || v < BigInt(Number.MIN_SAFE_INTEGER)) {
      throw new ProtoDecodeError(`int64 outside the safe integer range: ${v}`);
    }
    return Number(v);
  }

  bool(): boolean {
    const small = this.smallVarint();
    if (small !== undefined) return small !== 0;
    return this.varintBig() !== 0n;
  }

  /** Start and end of the payload the last `span()` skipped (fields, not a tuple: no allocation per field). */
  spanStart = 0;
  spanEnd = 0;

  /** Skips a length-delimited payload, leaving its bounds in spanStart and spanEnd. */
  span(): void {
    const n = this.uint();
    if (n > this.end - this.pos) {
      throw new ProtoDecodeError(`length ${n} exceeds the ${this.end - this.pos} bytes left`);
    }
    this.spanStart = this.pos;
    this.pos += n;
    this.spanEnd = this.pos;
  }

  bytes(): Uint8Array {
    this.span();
    // A copy as a plain Uint8Array: the input may be a Buffer, whose slice() is a view.
    return new Uint8Array(this.buf.subarray(this.spanStart, this.spanEnd));
  }

  string(): string {
    this.span();
    // Decoded from a view: no copy of the bytes first.
    return textDecoder.decode(this.buf.subarray(this.spanStart, this.spanEnd));
  }

  sub(): ProtoReader {
    this.span();
    return new ProtoReader(this.buf, this.spanStart, this.spanEnd);
  }

  /** The next field's key (field number × 8 + wire type), validated; split it with `>>> 3` and `& 7`. */
  key(): number {
    const t = this.uint();
    const field = Math.floor(t / 8);
    if (field < 1 || field > 536_870_911) throw new ProtoDecodeError(`invalid field number ${field}`);
    return t;
  }

  tag(): { field: number; wireType: number } {
    const t = this.key();
    return { field: Math.floor(t / 8), wireType: t % 8 };
  }

  skip(wireType: number): void {
    switch (wireType) {
      case WT_VARINT:
        this.varintBig();
        return;
      case WT_I64:
        this.fixed(8);
        return;
      case WT_LEN:
        this.span();
        return;
      case WT_I32:
        this.fixed(4);
        return;
      default:
        throw new ProtoDecodeError(`unsupported wire type ${wireType}`);
    }
  }

  private fixed(n: number): void {
    if (n > this.end - this.pos) throw new ProtoDecodeError('unexpected end of protobuf data');
    this.pos += n;
  }
}
