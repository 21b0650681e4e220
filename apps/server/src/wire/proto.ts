/**
 * A small proto3 binary codec: low-level writer/reader plus a declarative message codec.
 *
 * Only what the OpenIM WebSocket payloads need: string, bytes, bool, int32, int64 (as safe JS
 * numbers), nested messages, repeated fields (numeric ones packed on output, both forms accepted
 * on input) and map<string, scalar|message>. Unknown fields are skipped, as proto3 requires.
 *
 * Output follows Go's protobuf marshaller: fields in field-number order, zero scalars omitted,
 * map entries always carry both key and value.
 */

export class ProtoDecodeError extends Error {
  override readonly name = 'ProtoDecodeError';
}

const textEncoder = new TextEncoder();
const textDecoder = new TextDecoder('utf-8');

const WT_VARINT = 0;
const WT_I64 = 1;
const WT_LEN = 2;
const WT_I32 = 5;

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;

// ---------------------------------------------------------------------------------------------
// Writer
// ---------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------
// Reader
// ---------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------
// Declarative message codecs
// ---------------------------------------------------------------------------------------------

export type ScalarKind = 'string' | 'bytes' | 'bool' | 'int32' | 'int64';
type ScalarValue = string | Uint8Array | boolean | number;

export interface MessageCodec<T> {
  readonly name: string;
  encode(value: T): Uint8Array;
  /** Appends the message body (without tag or length) to `w` (internal use by nested codecs). */
  encodeInto(w: ProtoWriter, value: T): void;
  decode(bytes: Uint8Array): T;
  /** Decode from a reader positioned on the message body (internal use by nested codecs). */
  decodeFrom(reader: ProtoReader): T;
  /** A fresh instance with every field at its zero value. */
  empty(): T;
  /** The field list it was defined with (checked against openimsdk/protocol by a test). */
  readonly fields: readonly FieldSpec[];
}

export type FieldSpec =
  | { no: number; name: string; kind: ScalarKind }
  | { no: number; name: string; kind: 'repeated'; of: ScalarKind }
  | { no: number; name: string; kind: 'message'; codec: MessageCodec<unknown> }
  | { no: number; name: string; kind: 'repeatedMessage'; codec: MessageCodec<unknown> }
  | { no: number; name: string; kind: 'map'; value: ScalarKind }
  | { no: number; name: string; kind: 'mapMessage'; codec: MessageCodec<unknown> };

function scalarZero(kind: ScalarKind): ScalarValue {
  switch (kind) {
    case 'string':
      return '';
    case 'bytes':
      return new Uint8Array(0);
    case 'bool':
      return false;
    case 'int32':
    case 'int64':
      return 0;
  }
}

function isScalarZero(kind: ScalarKind, v: unknown): boolean {
  switch (kind) {
    case 'string':
      return v === '';
    case 'bytes':
      return (v as Uint8Array).length === 0;
    case 'bool':
      return v === false;
    case 'int32':
    case 'int64':
      return v === 0;
  }
}

/** Why a value does not fit its field, or undefined when it does. No closures: this runs per field. */
function scalarMismatch(kind: ScalarKind, v: unknown): string | undefined {
  switch (kind) {
    case 'string':
      return typeof v === 'string' ? undefined : 'a string';
    case 'bytes':
      return v instanceof Uint8Array ? undefined : 'a Uint8Array';
    case 'bool':
      return typeof v === 'boolean' ? undefined : 'a boolean';
    case 'int32':
      return typeof v === 'number' && Number.isInteger(v) && v >= INT32_MIN && v <= INT32_MAX
        ? undefined
        : 'an int32';
    case 'int64':
      return typeof v === 'number' && Number.isSafeInteger(v) ? undefined : 'a safe integer';
  }
}

/** The field's path is only built when a value is wrong, never on the hot path. */
function checkScalar(kind: ScalarKind, v: unknown, message: string, field: string): void {
  const want = scalarMismatch(kind, v);
  if (want !== undefined) {
    throw new TypeError(`protobuf field ${message}.${field}: expected ${want}, got ${typeof v}`);
  }
}

/** Writes a scalar value without its tag. */
function writeScalarValue(w: ProtoWriter, kind: ScalarKind, v: unknown): void {
  switch (kind) {
    case 'string':
      w.string(v as string);
      return;
    case 'bytes':
      w.varint((v as Uint8Array).length);
      w.raw(v as Uint8Array);
      return;
    case 'bool':
      w.varint(v === true ? 1 : 0);
      return;
    case 'int32':
    case 'int64':
      w.signedVarint(v as number);
      return;
  }
}

function scalarWireType(kind: ScalarKind): number {
  return kind === 'string' || kind === 'bytes' ? WT_LEN : WT_VARINT;
}

function readScalar(
  r: ProtoReader,
  kind: ScalarKind,
  wireType: number,
  message: string,
  field: string,
): ScalarValue {
  if (wireType !== scalarWireType(kind)) {
    throw new ProtoDecodeError(`field ${message}.${field}: wire type ${wireType} does not match ${kind}`);
  }
  switch (kind) {
    case 'string':
      return r.string();
    case 'bytes':
      return r.bytes();
    case 'bool':
      return r.bool();
    case 'int32':
      return r.int32();
    case 'int64':
      return r.int64();
  }
}

function writeField(w: ProtoWriter, spec: FieldSpec, v: unknown, message: string): void {
  switch (spec.kind) {
    case 'string':
    case 'bytes':
    case 'bool':
    case 'int32':
    case 'int64': {
      checkScalar(spec.kind, v, message, spec.name);
      if (isScalarZero(spec.kind, v)) return;
      w.tag(spec.no, scalarWireType(spec.kind));
      writeScalarValue(w, spec.kind, v);
      return;
    }
    case 'repeated': {
      if (!Array.isArray(v)) throw new TypeError(`protobuf field ${message}.${spec.name}: expected an array`);
      if (v.length === 0) return;
      for (const item of v) checkScalar(spec.of, item, message, spec.name);
      if (spec.of === 'string' || spec.of === 'bytes') {
        for (const item of v) {
          w.tag(spec.no, WT_LEN);
          writeScalarValue(w, spec.of, item);
        }
      } else {
        w.tag(spec.no, WT_LEN);
        const at = w.beginLength();
        for (const item of v) writeScalarValue(w, spec.of, item);
        w.endLength(at);
      }
      return;
    }
    case 'message': {
      if (v === null || v === undefined) return;
      w.tag(spec.no, WT_LEN);
      const at = w.beginLength();
      spec.codec.encodeInto(w, v);
      w.endLength(at);
      return;
    }
    case 'repeatedMessage': {
      if (!Array.isArray(v)) throw new TypeError(`protobuf field ${message}.${spec.name}: expected an array`);
      for (const item of v) {
        w.tag(spec.no, WT_LEN);
        const at = w.beginLength();
        spec.codec.encodeInto(w, item);
        w.endLength(at);
      }
      return;
    }
    case 'map':
    case 'mapMessage': {
      if (typeof v !== 'object' || v === null) {
        throw new TypeError(`protobuf field ${message}.${spec.name}: expected an object map`);
      }
      const map = v as Record<string, unknown>;
      for (const key in map) {
        if (!Object.prototype.hasOwnProperty.call(map, key)) continue;
        const value = map[key];
        w.tag(spec.no, WT_LEN);
        const entry = w.beginLength();
        w.tag(1, WT_LEN);
        w.string(key);
        if (spec.kind === 'map') {
          checkScalar(spec.value, value, message, `${spec.name}[${key}]`);
          w.tag(2, scalarWireType(spec.value));
          writeScalarValue(w, spec.value, value);
        } else {
          w.tag(2, WT_LEN);
          const at = w.beginLength();
          spec.codec.encodeInto(w, value);
          w.endLength(at);
        }
        w.endLength(entry);
      }
      return;
    }
  }
}

function initialValue(spec: FieldSpec): unknown {
  switch (spec.kind) {
    case 'repeated':
    case 'repeatedMessage':
      return [];
    case 'message':
      return null;
    case 'map':
    case 'mapMessage':
      // Null prototype: keys such as "__proto__" from the wire stay plain data.
      return Object.create(null) as Record<string, unknown>;
    default:
      return scalarZero(spec.kind);
  }
}

function readField(
  r: ProtoReader,
  spec: FieldSpec,
  wireType: number,
  target: Record<string, unknown>,
  /** The message name; the field path is only built for an error. */
  message: string,
): void {
  switch (spec.kind) {
    case 'string':
    case 'bytes':
    case 'bool':
    case 'int32':
    case 'int64':
      target[spec.name] = readScalar(r, spec.kind, wireType, message, spec.name);
      return;
    case 'repeated': {
      const list = target[spec.name] as ScalarValue[];
      if (wireType === WT_LEN && spec.of !== 'string' && spec.of !== 'bytes') {
        const packed = r.sub();
        while (!packed.done()) list.push(readScalar(packed, spec.of, WT_VARINT, message, spec.name));
      } else {
        list.push(readScalar(r, spec.of, wireType, message, spec.name));
      }
      return;
    }
    case 'message':
    case 'repeatedMessage': {
      if (wireType !== WT_LEN)
        throw new ProtoDecodeError(`field ${message}.${spec.name}: expected a message`);
      const value = spec.codec.decodeFrom(r.sub());
      if (spec.kind === 'message') target[spec.name] = value;
      else (target[spec.name] as unknown[]).push(value);
      return;
    }
    case 'map':
    case 'mapMessage': {
      if (wireType !== WT_LEN)
        throw new ProtoDecodeError(`field ${message}.${spec.name}: expected a map entry`);
      const entry = r.sub();
      let key = '';
      let value: unknown = spec.kind === 'map' ? scalarZero(spec.value) : spec.codec.empty();
      while (!entry.done()) {
        const k = entry.key();
        const field = Math.floor(k / 8);
        const wireType = k % 8;
        if (field === 1) key = readScalar(entry, 'string', wireType, message, `${spec.name}.key`) as string;
        else if (field === 2) {
          if (spec.kind === 'map')
            value = readScalar(entry, spec.value, wireType, message, `${spec.name}.value`);
          else {
            if (wireType !== WT_LEN)
              throw new ProtoDecodeError(`field ${message}.${spec.name}: expected a message`);
            value = spec.codec.decodeFrom(entry.sub());
          }
        } else entry.skip(wireType);
      }
      (target[spec.name] as Record<string, unknown>)[key] = value;
      return;
    }
  }
}

const scratch = new ProtoWriter(4096);
let scratchBusy = false;

/**
 * Builds a codec for a message type from its field list. `T` must be the plain-object shape
 * whose property names are the specs' `name`s.
 */
export function defineMessage<T>(name: string, fields: readonly FieldSpec[]): MessageCodec<T> {
  const byNumber = new Map<number, FieldSpec>();
  for (const f of fields) byNumber.set(f.no, f);
  // Field numbers are small: an array lookup per field instead of a map lookup.
  const byNumberDense: (FieldSpec | undefined)[] = [];
  for (const f of fields) if (f.no < 64) byNumberDense[f.no] = f;
  for (let i = 0; i < byNumberDense.length; i++) byNumberDense[i] ??= undefined;
  const ordered = [...fields].sort((a, b) => a.no - b.no);

  const empty = (): T => {
    const obj: Record<string, unknown> = {};
    for (const f of fields) obj[f.name] = initialValue(f);
    return obj as T;
  };

  const codec: MessageCodec<T> = {
    name,
    fields,
    empty,
    encode(value: T): Uint8Array {
      // One scratch writer for every top-level encode (they never interleave: encoding is
      // synchronous and nested messages go through encodeInto); the result is a copy.
      if (scratchBusy) {
        const w = new ProtoWriter();
        codec.encodeInto(w, value);
        return w.finish();
      }
      scratchBusy = true;
      try {
        scratch.reset();
        codec.encodeInto(scratch, value);
        return scratch.finish();
      } finally {
        scratchBusy = false;
      }
    },
    encodeInto(w: ProtoWriter, value: T): void {
      if (typeof value !== 'object' || value === null) {
        throw new TypeError(`protobuf ${name}: expected an object`);
      }
      const record = value as Record<string, unknown>;
      for (const f of ordered) {
        const v = record[f.name];
        // Absent fields encode as zero values, so partial objects are tolerated.
        if (v === undefined) continue;
        writeField(w, f, v, name);
      }
    },
    decodeFrom(reader: ProtoReader): T {
      const obj = empty() as Record<string, unknown>;
      while (!reader.done()) {
        const key = reader.key();
        const field = Math.floor(key / 8);
        const wireType = key % 8;
        const spec = field < byNumberDense.length ? byNumberDense[field] : byNumber.get(field);
        if (spec === undefined) reader.skip(wireType);
        else readField(reader, spec, wireType, obj, name);
      }
      return obj as T;
    },
    decode(bytes: Uint8Array): T {
      return codec.decodeFrom(new ProtoReader(bytes));
    },
  };
  return codec;
}
