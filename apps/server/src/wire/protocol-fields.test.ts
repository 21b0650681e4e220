import { describe, expect, it } from 'vitest';
import * as messages from './messages';
import type { MessageCodec } from './proto';
import { OPENIM_PROTOCOL_FIELDS } from './testing/openim-protocol-fields';

const codecs = Object.values(messages as Record<string, unknown>).filter(
  (v): v is MessageCodec<unknown> =>
    typeof v === 'object' && v !== null && 'fields' in v && 'name' in v && 'encode' in v,
);

describe('protobuf field numbers', () => {
  it('match openimsdk/protocol for every WebSocket payload the server encodes or decodes', () => {
    expect(codecs.length).toBeGreaterThan(20);
    for (const codec of codecs) {
      const ours = Object.fromEntries(codec.fields.map((f) => [f.name, f.no]));
      if (codec.fields.length === 0) continue; // an empty message (EmptyResp) has nothing to compare
      expect(OPENIM_PROTOCOL_FIELDS[codec.name], `${codec.name} is not in the protocol data`).toBeDefined();
      expect(ours, codec.name).toEqual(OPENIM_PROTOCOL_FIELDS[codec.name]);
    }
  });
});
