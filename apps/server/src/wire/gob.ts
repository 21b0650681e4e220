/**
 * A minimal Go `encoding/gob` codec, enough for the two WebSocket envelope structs of OpenIM
 * (GeneralWsReq / GeneralWsResp): flat structs whose fields are int, string and []byte.
 *
 * Every frame is a fresh gob stream (the SDK and the reference server create a new
 * gob.Encoder / gob.Decoder per message), so each encoded frame carries its own type definition
 * followed by one value, and the decoder keeps no state between frames.
 *
 * The decoder never trusts its input: every length is bounds-checked, every loop consumes at
 * least one byte, and any violation raises `GobDecodeError` (never a RangeError or a hang).
 */

/** Thrown for every malformed or unsupported gob input. */
export class GobDecodeError extends Error {
  override readonly name = 'GobDecodeError';
}

/** gob builtin type IDs. */
export const GobType = {
  bool: 1,
  int: 2,
  uint: 3,
  float: 4,
  bytes: 5,
  string: 6,
  complex: 7,
} as const;

export type GobFieldKind = 'int' | 'string' | 'bytes';
const kindToTypeId: Record<GobFieldKind, number> = {
  int: GobType.int,
  string: GobType.string,
  bytes: GobType.bytes,
};

export interface GobStructLayout {
  /** Go type name (informational for the receiver). */
  readonly name: string;
  /** Type ID used in this stream; gob accepts any ID >= 64 that is not yet defined. */
  readonly typeId: number;
  readonly fields: readonly { readonly name: string; readonly kind: GobFieldKind }[];
}

export type GobValue = number | string | Uint8Array;

// ---------------------------------------------------------------------------------------------
// Encoding
// ---------------------------------------------------------------------------------------------

class ByteWriter {
  private buf: Uint8Array;
  private len = 0;

  constructor(initialSize = 128) {
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

  reset(): void {
    this.len = 0;
    // A rare huge frame should not pin its buffer for the process's life.
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

  uint(x: bigint | number): void {
    if (typeof x === 'number' && Number.isSafeInteger(x) && x >= 0) {
      if (x < 128) {
        this.byte(x);
        return;
      }
      // Big-endian bytes after a count byte holding their negated number.
      let n = 0;
      for (let v = x; v > 0; v = Math.floor(v / 256)) n++;
      this.ensure(n + 1);
      this.buf[this.len] = 256 - n;
      let v = x;
      for (let i = n; i > 0; i--) {
        this.buf[this.len + i] = v % 256;
        v = Math.floor(v / 256);
      }
      this.len += n + 1;
      return;
    }
    let v = BigInt(x);
    if (v < 0n || v > 0xffff_ffff_ffff_ffffn) throw new RangeError(`gob uint out of range: ${v}`);
    if (v < 128n) {
      this.byte(Number(v));
      return;
    }
    const out: number[] = [];
    while (v > 0n) {
      out.unshift(Number(v & 0xffn));
      v >>= 8n;
    }
    this.byte(256 - out.length);
    for (const b of out) this.byte(b);
  }

  int(x: bigint | number): void {
    if (typeof x === 'number' && Number.isSafeInteger(x) && Math.abs(x) < 2 ** 52) {
      this.uint(x >= 0 ? x * 2 : -x * 2 - 1);
      return;
    }
    const v = BigInt(x);
    if (v < -(1n << 63n) || v >= 1n << 63n) throw new RangeError(`gob int out of range: ${v}`);
    this.uint(v >= 0n ? v << 1n : (~v << 1n) | 1n);
  }

  string(s: string): void {
    // IDs and operation IDs are ASCII: their byte length is known without encoding them first.
    const n = s.length;
    let ascii = true;
    for (let i = 0; i < n; i++) {
      if (s.charCodeAt(i) >= 0x80) {
        ascii = false;
        break;
      }
    }
    if (!ascii) {
      this.byteSlice(textEncoder.encode(s));
      return;
    }
    this.uint(n);
    this.ensure(n);
    const buf = this.buf;
    let o = this.len;
    for (let i = 0; i < n; i++) buf[o++] = s.charCodeAt(i);
    this.len = o;
  }

  byteSlice(b: Uint8Array): void {
    this.uint(b.length);
    this.bytes(b);
  }

  /** Starts a gob message (`uint length` + body): reserves one byte for the length. */
  beginMessage(): number {
    this.ensure(1);
    return this.len++;
  }

  /** Writes the length of the message begun at `at`, moving the body when the length needs more bytes. */
  endMessage(at: number): void {
    const size = this.len - at - 1;
    if (size < 128) {
      this.buf[at] = size;
      return;
    }
    // A count byte and that many big-endian bytes: move the body, then write the length with uint().
    let n = 0;
    for (let v = size; v > 0; v = Math.floor(v / 256)) n++;
    this.ensure(n);
    this.buf.copyWithin(at + 1 + n, at + 1, this.len);
    const end = this.len + n;
    // No reallocation below: a body of 128+ bytes follows `at`, more than uint() ensures.
    this.len = at;
    this.uint(size);
    this.len = end;
  }

  /** The bytes written, as a view that the next use of this writer overwrites. */
  view(): Uint8Array {
    return this.buf.subarray(0, this.len);
  }

  result(): Uint8Array {
    return this.buf.slice(0, this.len);
  }
}

const textEncoder = new TextEncoder();
const textDecoder = new TextDecoder('utf-8');

/** Type definitions by layout: the layouts are constants, their definitions never change. */
const typeDefCache = new WeakMap<GobStructLayout, Uint8Array>();

/** The type-definition message for a flat struct, exactly as Go's encoder emits it. */
export function encodeStructTypeDef(layout: GobStructLayout): Uint8Array {
  let def = typeDefCache.get(layout);
  if (!def) {
    def = buildStructTypeDef(layout);
    typeDefCache.set(layout, def);
  }
  return def;
}

function buildStructTypeDef(layout: GobStructLayout): Uint8Array {
  if (!Number.isSafeInteger(layout.typeId) || layout.typeId < 64) {
    throw new RangeError(`gob type id must be >= 64, got ${layout.typeId}`);
  }
  const body = new ByteWriter();
  const at = body.beginMessage();
  body.int(-layout.typeId);
  body.uint(3); // wireType: delta 3 -> field 2, StructT
  body.uint(1); // structType: delta 1 -> field 0, CommonType (embedded)
  if (layout.name !== '') {
    body.uint(1); // CommonType.Name
    body.string(layout.name);
    body.uint(1); // CommonType.Id
  } else {
    body.uint(2);
  }
  body.int(layout.typeId);
  body.uint(0); // end CommonType
  body.uint(1); // structType.Field
  body.uint(layout.fields.length);
  for (const f of layout.fields) {
    body.uint(1);
    body.string(f.name);
    body.uint(1);
    body.int(kindToTypeId[f.kind]);
    body.uint(0);
  }
  body.uint(0); // end structType
  body.uint(0); // end wireType
  body.endMessage(at);
  return body.result();
}

function isZero(v: GobValue): boolean {
  if (typeof v === 'number') return v === 0;
  return v.length === 0;
}

/** Appends the value message of a flat struct to `w`. */
function writeStructValue(
  w: ByteWriter,
  layout: GobStructLayout,
  values: Readonly<Record<string, GobValue | undefined>>,
): void {
  const at = w.beginMessage();
  w.int(layout.typeId);
  let prev = -1;
  const fields = layout.fields;
  for (let index = 0; index < fields.length; index++) {
    const f = fields[index] as GobStructLayout['fields'][number];
    const v = values[f.name];
    if (v === undefined || isZero(v)) continue;
    w.uint(index - prev);
    prev = index;
    switch (f.kind) {
      case 'int':
        if (typeof v !== 'number' || !Number.isSafeInteger(v)) {
          throw new TypeError(`gob field ${f.name} must be a safe integer`);
        }
        w.int(v);
        break;
      case 'string':
        if (typeof v !== 'string') throw new TypeError(`gob field ${f.name} must be a string`);
        w.string(v);
        break;
      case 'bytes':
        if (!(v instanceof Uint8Array)) throw new TypeError(`gob field ${f.name} must be bytes`);
        w.byteSlice(v);
        break;
    }
  }
  w.uint(0);
  w.endMessage(at);
}

const scratch = new ByteWriter(4096);
let scratchBusy = false;

/**
 * A complete single-value gob stream (type definition followed by the value) as a view into a
 * scratch buffer: valid only until the next call, for callers that consume it at once (every frame
 * is encoded and then compressed or copied into its gzip member).
 */
export function encodeGobStructView(
  layout: GobStructLayout,
  values: Readonly<Record<string, GobValue | undefined>>,
): Uint8Array {
  if (scratchBusy) {
    // Never re-entered in practice (encoding is synchronous); a writer of its own keeps it correct.
    const w = new ByteWriter();
    w.bytes(encodeStructTypeDef(layout));
    writeStructValue(w, layout, values);
    return w.view();
  }
  scratchBusy = true;
  try {
    scratch.reset();
    scratch.bytes(encodeStructTypeDef(layout));
    writeStructValue(scratch, layout, values);
    return scratch.view();
  } finally {
    scratchBusy = false;
  }
}

/** A complete single-value gob stream: type definition followed by the value. */
export function encodeGobStruct(
  layout: GobStructLayout,
  values: Readonly<Record<string, GobValue | undefined>>,
): Uint8Array {
  return encodeGobStructView(layout, values).slice();
}

// ---------------------------------------------------------------------------------------------
// Decoding
// ---------------------------------------------------------------------------------------------

const MAX_TYPE_DEFS = 16;
const MAX_FIELDS = 256;

class ByteReader {
  pos = 0;
  constructor(
    private readonly buf: Uint8Array,
    /** Exclusive end; reads past it fail. */
    public end: number = buf.length,
  ) {}

  remaining(): number {
    return this.end - this.pos;
  }

  byte(): number {
    if (this.pos >= this.end) throw new GobDecodeError('unexpected end of gob data');
    return this.buf[this.pos++] as number;
  }

  uintBig(): bigint {
    const first = this.byte();
    if (first < 128) return BigInt(first);
    const n = 256 - first;
    if (n > 8) throw new GobDecodeError(`invalid uint length prefix 0x${first.toString(16)}`);
    if (n > this.remaining()) throw new GobDecodeError('unexpected end of gob data in uint');
    let v = 0n;
    for (let i = 0; i < n; i++) v = (v << 8n) | BigInt(this.byte());
    return v;
  }

  uint(): number {
    // Up to 6 bytes (< 2^48) in plain numbers: every length, delta and ID on the hot path.
    const first = this.pos < this.end ? (this.buf[this.pos] as number) : -1;
    if (first >= 0 && first < 128) {
      this.pos++;
      return first;
    }
    const n = 256 - first;
    if (first >= 128 && n <= 6 && n <= this.remaining() - 1) {
      this.pos++;
      let v = 0;
      for (let i = 0; i < n; i++) v = v * 256 + (this.buf[this.pos++] as number);
      return v;
    }
    const v = this.uintBig();
    if (v > BigInt(Number.MAX_SAFE_INTEGER)) throw new GobDecodeError(`gob uint too large: ${v}`);
    return Number(v);
  }

  intBig(): bigint {
    const u = this.uintBig();
    return (u & 1n) === 1n ? ~(u >> 1n) : u >> 1n;
  }

  int(): number {
    const first = this.pos < this.end ? (this.buf[this.pos] as number) : -1;
    if (first >= 0 && (first < 128 || 256 - first <= 6)) {
      const u = this.uint();
      // Bit 0 is the sign: ~(u >> 1) for odd u.
      return u % 2 === 1 ? -(u + 1) / 2 : u / 2;
    }
    const v = this.intBig();
    if (v > BigInt(Number.MAX_SAFE_INTEGER) || v < BigInt(Number.MIN_SAFE_INTEGER)) {
      throw new GobDecodeError(`gob int out of the safe range: ${v}`);
    }
    return Number(v);
  }

  length(what: string): number {
    const n = this.uint();
    if (n > this.remaining()) {
      throw new GobDecodeError(`${what} length ${n} exceeds the remaining ${this.remaining()} bytes`);
    }
    return n;
  }

  bytes(n: number): Uint8Array {
    if (n > this.remaining()) throw new GobDecodeError('unexpected end of gob data');
    // A copy as a plain Uint8Array: the input may be a Buffer, whose slice() is a view.
    const out = new Uint8Array(this.buf.subarray(this.pos, this.pos + n));
    this.pos += n;
    return out;
  }

  string(): string {
    const n = this.length('string');
    const start = this.pos;
    this.pos += n;
    // Decoded from a view: no copy of the bytes first.
    return textDecoder.decode(this.buf.subarray(start, start + n));
  }
}

interface WireStruct {
  name: string;
  fields: { name: string; typeId: number }[];
  /** Field name -> type ID, built once per parsed definition (read-only once built). */
  fieldTypes?: Map<string, number>;
}

/**
 * Reads the fields of a gob-encoded struct value: calls `onField(index)` for every present
 * field (the callback must consume the value) and returns at the 0 terminator.
 */
function readStructFields(r: ByteReader, fieldCount: number, onField: (index: number) => void): void {
  let index = -1;
  for (;;) {
    const delta = r.uint();
    if (delta === 0) return;
    index += delta;
    if (index >= fieldCount) throw new GobDecodeError(`field index ${index} out of range`);
    onField(index);
  }
}

/** Parses a wireType payload; only StructT is supported. */
function readWireType(r: ByteReader): WireStruct {
  let result: WireStruct | undefined;
  readStructFields(r, 7, (wireField) => {
    if (wireField !== 2) throw new GobDecodeError(`unsupported gob wire type (field ${wireField})`);
    const st: WireStruct = { name: '', fields: [] };
    // structType { CommonType (embedded struct), Field []fieldType }
    readStructFields(r, 2, (stField) => {
      if (stField === 0) {
        readStructFields(r, 2, (ctField) => {
          if (ctField === 0) st.name = r.string();
          else r.int(); // CommonType.Id: the message header already names the ID
        });
      } else {
        const n = r.uint();
        if (n > MAX_FIELDS) throw new GobDecodeError(`too many struct fields: ${n}`);
        for (let i = 0; i < n; i++) {
          const field = { name: '', typeId: 0 };
          readStructFields(r, 2, (ftField) => {
            if (ftField === 0) field.name = r.string();
            else field.typeId = r.int();
          });
          st.fields.push(field);
        }
      }
    });
    result = st;
  });
  if (result === undefined) throw new GobDecodeError('empty gob type definition');
  return result;
}

function readBuiltin(r: ByteReader, typeId: number): GobValue | boolean {
  switch (typeId) {
    case GobType.bool: {
      const v = r.uint();
      if (v > 1) throw new GobDecodeError(`invalid bool ${v}`);
      return v === 1;
    }
    case GobType.int:
      return r.int();
    case GobType.uint:
      return r.uint();
    case GobType.float:
      r.uintBig(); // value skipped: no envelope field is a float
      return 0;
    case GobType.complex:
      r.uintBig();
      r.uintBig();
      return 0;
    case GobType.bytes:
      return r.bytes(r.length('[]byte'));
    case GobType.string:
      return r.string();
    default:
      throw new GobDecodeError(`unsupported gob field type id ${typeId}`);
  }
}

export interface DecodedGobStruct {
  typeName: string;
  /** Field name -> gob type ID, for every field of the sender's definition (shared: never mutate). */
  fieldTypes: ReadonlyMap<string, number>;
  /** Present (non-zero) fields by name. */
  values: Map<string, GobValue | boolean>;
}

/** The last valid definition parsed per type ID, with its bytes (see decodeGobStruct). */
const seenTypeDefs = new Map<number, { bytes: Uint8Array; wire: WireStruct }>();

function sameBytes(a: Uint8Array, data: Uint8Array, start: number, end: number): boolean {
  if (a.length !== end - start) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== data[start + i]) return false;
  return true;
}

/**
 * Decodes one gob stream that holds type definitions followed by exactly one struct value of a
 * flat struct type with builtin scalar field types. Trailing bytes after the value are rejected.
 */
export function decodeGobStruct(data: Uint8Array): DecodedGobStruct {
  const r = new ByteReader(data);
  const types = new Map<number, WireStruct>();
  for (;;) {
    if (r.remaining() === 0) throw new GobDecodeError('gob stream ended before a value');
    const msgLen = r.uint();
    if (msgLen === 0) throw new GobDecodeError('empty gob message');
    if (msgLen > r.remaining()) {
      throw new GobDecodeError(`gob message length ${msgLen} exceeds the ${r.remaining()} bytes left`);
    }
    const msgEnd = r.pos + msgLen;
    const outerEnd = r.end;
    r.end = msgEnd;
    const id = r.int();
    if (id < 0) {
      const typeId = -id;
      if (typeId < 64) throw new GobDecodeError(`type id ${typeId} is reserved`);
      if (types.has(typeId)) throw new GobDecodeError(`duplicate type id ${typeId}`);
      if (types.size >= MAX_TYPE_DEFS) throw new GobDecodeError('too many type definitions');
      // Every frame of a client repeats the same definition: reuse the parse of identical bytes.
      const defStart = r.pos;
      const cached = seenTypeDefs.get(typeId);
      let wire: WireStruct;
      if (cached && sameBytes(cached.bytes, data, defStart, msgEnd)) {
        wire = cached.wire;
        r.pos = msgEnd;
      } else {
        wire = readWireType(r);
        for (const f of wire.fields) {
          if (f.typeId < GobType.bool || f.typeId > GobType.complex) {
            throw new GobDecodeError(`field ${f.name} has unsupported type id ${f.typeId}`);
          }
        }
        if (r.pos !== msgEnd) throw new GobDecodeError('type definition length mismatch');
        // Bounded: a peer inventing type IDs must not grow it.
        if (seenTypeDefs.size >= 32) seenTypeDefs.clear();
        seenTypeDefs.set(typeId, { bytes: data.slice(defStart, msgEnd), wire });
      }
      types.set(typeId, wire);
      r.end = outerEnd;
      continue;
    }
    const def = types.get(id);
    if (def === undefined) throw new GobDecodeError(`value of undefined type id ${id}`);
    let fieldTypes = def.fieldTypes;
    if (fieldTypes === undefined) {
      fieldTypes = new Map<string, number>();
      for (const f of def.fields) fieldTypes.set(f.name, f.typeId);
      def.fieldTypes = fieldTypes;
    }
    const values = new Map<string, GobValue | boolean>();
    readStructFields(r, def.fields.length, (index) => {
      const field = def.fields[index] as { name: string; typeId: number };
      values.set(field.name, readBuiltin(r, field.typeId));
    });
    if (r.pos !== msgEnd) throw new GobDecodeError('value length mismatch');
    r.end = outerEnd;
    if (r.remaining() !== 0) throw new GobDecodeError('trailing bytes after the gob value');
    return { typeName: def.name, fieldTypes, values };
  }
}

/** gob encoding of one unsigned integer (exposed for tests and tooling). */
export function encodeGobUint(x: number | bigint): Uint8Array {
  const w = new ByteWriter();
  w.uint(x);
  return w.result();
}

/** gob encoding of one signed integer (exposed for tests and tooling). */
export function encodeGobInt(x: number | bigint): Uint8Array {
  const w = new ByteWriter();
  w.int(x);
  return w.result();
}
