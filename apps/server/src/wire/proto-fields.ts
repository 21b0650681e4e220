/**
 * One field of a declarative message codec (proto.ts): the field specs, zero values, type checks, and
 * writing and reading a field of each kind the OpenIM payloads use.
 */

import { ProtoDecodeError, type ProtoReader } from './proto-reader';
import type { ProtoWriter } from './proto-writer';
import { INT32_MAX, INT32_MIN, WT_LEN, WT_VARINT } from './proto-wire';

type ScalarKind = 'string' | 'bytes' | 'bool' | 'int32' | 'int64';
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
      w.bytes(v as Uint8Array);
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

export function writeField(w: ProtoWriter, spec: FieldSpec, v: unknown, message: string): void {
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

export function initialValue(spec: FieldSpec): unknown {
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

export function readField(
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
