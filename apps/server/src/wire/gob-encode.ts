/** Encoding of gob streams (see gob.ts): a flat struct's type definition and value, and single integers. */

import { ByteWriter } from './byte-writer';
import { GobType, type GobFieldKind, type GobStructLayout, type GobValue } from './gob';

const kindToTypeId: Record<GobFieldKind, number> = {
  int: GobType.int,
  string: GobType.string,
  bytes: GobType.bytes,
};

/** How many bytes a positive safe integer takes, big-endian without leading zeros. */
function byteCount(x: number): number {
  let n = 0;
  for (let v = x; v > 0; v = Math.floor(v / 256)) n++;
  return n;
}

/** Gob's integers and strings over the shared byte buffer; a length-prefixed body is a gob message. */
class GobWriter extends ByteWriter {
  constructor(initialSize = 128) {
    super(initialSize);
  }

  uint(x: bigint | number): void {
    if (typeof x === 'number' && Number.isSafeInteger(x) && x >= 0) {
      if (x < 128) {
        this.byte(x);
        return;
      }
      // Big-endian bytes after a count byte holding their negated number.
      const n = byteCount(x);
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

  /** A count byte and that many big-endian bytes. */
  protected lengthWidth(size: number): number {
    return byteCount(size) + 1;
  }

  protected writeLength(size: number): void {
    this.uint(size);
  }
}

const textEncoder = new TextEncoder();

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
  const body = new GobWriter();
  const at = body.beginLength();
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
  body.endLength(at);
  return body.finish();
}

function isZero(v: GobValue): boolean {
  if (typeof v === 'number') return v === 0;
  return v.length === 0;
}

/** Appends the value message of a flat struct to `w`. */
function writeStructValue(
  w: GobWriter,
  layout: GobStructLayout,
  values: Readonly<Record<string, GobValue | undefined>>,
): void {
  const at = w.beginLength();
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
  w.endLength(at);
}

const scratch = new GobWriter(4096);
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
    const w = new GobWriter();
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

/** gob encoding of one unsigned integer (exposed for tests and tooling). */
export function encodeGobUint(x: number | bigint): Uint8Array {
  const w = new GobWriter();
  w.uint(x);
  return w.finish();
}

/** gob encoding of one signed integer (exposed for tests and tooling). */
export function encodeGobInt(x: number | bigint): Uint8Array {
  const w = new GobWriter();
  w.int(x);
  return w.finish();
}
