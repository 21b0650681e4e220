/**
 * The growable byte buffer under both wire encoders (gob-encode.ts, proto-writer.ts): growth by
 * doubling, bytes, a length written in front of its body in place, the result as a view or a copy.
 * How a format writes its integers stays with the format; both write a value under 128 as that one
 * byte, which is what lets a length slot start as a single byte here.
 */
export abstract class ByteWriter {
  protected buf: Uint8Array;
  protected len = 0;

  constructor(initialSize: number) {
    this.buf = new Uint8Array(initialSize);
  }

  /** Makes room for `extra` more bytes, doubling the buffer as often as that needs. */
  protected ensure(extra: number): void {
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

  byte(b: number): void {
    this.ensure(1);
    this.buf[this.len++] = b;
  }

  bytes(b: Uint8Array): void {
    this.ensure(b.length);
    this.buf.set(b, this.len);
    this.len += b.length;
  }

  /**
   * Starts a length-prefixed body written in place: reserves one byte for its length and returns
   * the position to hand to endLength once the body is written. Nested bodies go into the same
   * buffer this way instead of into a writer of their own.
   */
  beginLength(): number {
    this.ensure(1);
    return this.len++;
  }

  /** Writes the length of the body begun at `at`, moving the body when the length needs more than one byte. */
  endLength(at: number): void {
    const size = this.len - at - 1;
    if (size < 0x80) {
      this.buf[at] = size;
      return;
    }
    const extra = this.lengthWidth(size) - 1;
    this.ensure(extra);
    this.buf.copyWithin(at + 1 + extra, at + 1, this.len);
    const end = this.len + extra;
    // No reallocation in writeLength: a body of 128+ bytes follows `at`, more room than any length needs.
    this.len = at;
    this.writeLength(size);
    this.len = end;
  }

  /** How many bytes the format's integer takes for a length of 128 or more. */
  protected abstract lengthWidth(size: number): number;

  /** Writes a length of 128 or more as the format's integer. */
  protected abstract writeLength(size: number): void;

  /** The bytes written, as a view that the next use of this writer overwrites. */
  view(): Uint8Array {
    return this.buf.subarray(0, this.len);
  }

  /** A copy of the bytes written. */
  finish(): Uint8Array {
    return this.buf.slice(0, this.len);
  }
}
