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
 *
 * This file holds what both directions share: the builtin type IDs, struct layouts, values and the
 * error; gob-encode.ts writes streams and gob-decode.ts reads them.
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

export interface GobStructLayout {
  /** Go type name (informational for the receiver). */
  readonly name: string;
  /** Type ID used in this stream; gob accepts any ID >= 64 that is not yet defined. */
  readonly typeId: number;
  readonly fields: readonly { readonly name: string; readonly kind: GobFieldKind }[];
}

export type GobValue = number | string | Uint8Array;
