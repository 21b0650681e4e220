/**
 * A small proto3 binary codec: a declarative message codec (`defineMessage`) over the writer
 * (proto-writer.ts), the reader (proto-reader.ts) and the field codecs (proto-fields.ts).
 *
 * Only what the OpenIM WebSocket payloads need: string, bytes, bool, int32, int64 (as safe JS
 * numbers), nested messages, repeated fields (numeric ones packed on output, both forms accepted
 * on input) and map<string, scalar|message>. Unknown fields are skipped, as proto3 requires.
 *
 * Output follows Go's protobuf marshaller: fields in field-number order, zero scalars omitted,
 * map entries always carry both key and value.
 */

import { initialValue, readField, writeField, type FieldSpec, type MessageCodec } from './proto-fields';
import { ProtoReader } from './proto-reader';
import { ProtoWriter } from './proto-writer';

export type { FieldSpec, MessageCodec } from './proto-fields';
export { ProtoDecodeError } from './proto-reader';
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
