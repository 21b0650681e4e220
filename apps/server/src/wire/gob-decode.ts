/** Decoding of gob streams (see gob.ts): type definitions and one flat struct value, never trusting the input. */

import { GobDecodeError, GobType, type GobValue } from './gob';

const textDecoder = new TextDecoder('utf-8');

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
