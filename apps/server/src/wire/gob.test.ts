import { describe, expect, it } from 'vitest';
import {
  decodeRequestGob,
  decodeResponseGob,
  encodeRequestGob,
  encodeResponseGob,
  SDK_REQ_LAYOUT,
  SDK_RESP_LAYOUT,
  SERVER_RESP_LAYOUT,
  WireFrameError,
  type WsRequestEnvelope,
  type WsResponseEnvelope,
} from './envelope';
import { GobDecodeError, type GobStructLayout } from './gob';
import { decodeGobStruct } from './gob-decode';
import { encodeGobInt, encodeGobStruct, encodeGobUint, encodeStructTypeDef } from './gob-encode';
import {
  GO_FIXTURES,
  OBSERVED_SDK_1001_REQUEST,
  OBSERVED_SDK_ACCEPTED_1001_RESPONSE,
  PROTOCOL_EXAMPLE_A,
  PROTOCOL_KICK_VALUE,
  PROTOCOL_RESP_ERR_VALUE,
  PROTOCOL_RESP_TYPEDEF,
  PROTOCOL_ZERO_VALUE,
} from './testing/gob-fixtures';
import { mulberry32, randomBytes, randomString } from './testing/random';

const hex = (b: Uint8Array): string => Buffer.from(b).toString('hex');
const unhex = (h: string): Uint8Array => new Uint8Array(Buffer.from(h, 'hex'));
const bytes = (...b: number[]): Uint8Array => new Uint8Array(b);
const BIG = new Uint8Array(70000).map((_, i) => (i * 7) & 0xff);
const D200 = new Uint8Array(200).map((_, i) => i);

function req(partial: Partial<WsRequestEnvelope>): WsRequestEnvelope {
  return {
    reqIdentifier: 0,
    token: '',
    sendID: '',
    operationID: '',
    msgIncr: '',
    data: new Uint8Array(0),
    ...partial,
  };
}

function resp(partial: Partial<WsResponseEnvelope>): WsResponseEnvelope {
  return {
    reqIdentifier: 0,
    errCode: 0,
    errMsg: '',
    msgIncr: '',
    operationID: '',
    data: new Uint8Array(0),
    ...partial,
  };
}

describe('gob primitives (openim-protocol.md §2.5.1)', () => {
  it.each([
    [0, '00'],
    [127, '7f'],
    [128, 'ff80'],
    [200, 'ffc8'],
    [256, 'fe0100'],
    [2002, 'fe07d2'],
    [2 ** 40, 'fa010000000000'],
  ])('uint %d -> %s', (value, expected) => {
    expect(hex(encodeGobUint(value))).toBe(expected);
  });

  it('uint 2^64-1 uses the 8-byte form', () => {
    expect(hex(encodeGobUint(2n ** 64n - 1n))).toBe('f8ffffffffffffffff');
  });

  it.each([
    [0, '00'],
    [1, '02'],
    [-1, '01'],
    [2, '04'],
    [65, 'ff82'],
    [-65, 'ff81'],
    [1001, 'fe07d2'],
    [-1001, 'fe07d1'],
    [1501, 'fe0bba'],
    [2001, 'fe0fa2'],
    [-1503, 'fe0bbd'],
    [-64, '7f'],
  ])('int %d -> %s', (value, expected) => {
    expect(hex(encodeGobInt(value))).toBe(expected);
  });

  it('rejects out-of-range values on encode', () => {
    expect(() => encodeGobUint(-1)).toThrow(RangeError);
    expect(() => encodeGobInt(2n ** 63n)).toThrow(RangeError);
  });
});

describe('gob encoder, byte-exact against Go and the SDK', () => {
  it('reproduces the real 1001 frame the SDK sent at login', () => {
    const encoded = encodeRequestGob(
      req({
        reqIdentifier: 1001,
        sendID: 'u1',
        operationID: 'ee0f96c7-eec1-46fd-a95e-4f6270f19639',
        msgIncr: 'u1_1795309233092721724',
        data: unhex('0a027531'),
      }),
      SDK_REQ_LAYOUT,
    );
    expect(hex(encoded)).toBe(OBSERVED_SDK_1001_REQUEST);
    expect(encoded.length).toBe(182);
  });

  it('reproduces the 1001 response the SDK accepted (GeneralWsResp layout, type 64)', () => {
    const encoded = encodeResponseGob(
      resp({
        reqIdentifier: 1001,
        msgIncr: 'u1_1795309376216151433',
        operationID: 'ee93c212-4034-46d6-b63d-26747705c0d1',
        data: unhex('0a0c0a0873695f75315f75321002120c0a0873695f75315f75321001'),
      }),
      SDK_RESP_LAYOUT,
    );
    expect(hex(encoded)).toBe(OBSERVED_SDK_ACCEPTED_1001_RESPONSE);
  });

  it('reproduces worked example A (GeneralWsReq with type 65)', () => {
    const layout: GobStructLayout = { ...SDK_REQ_LAYOUT, typeId: 65 };
    const encoded = encodeRequestGob(
      req({ reqIdentifier: 1001, sendID: 'u1', operationID: 'op', msgIncr: 'u1_x', data: unhex('0a027531') }),
      layout,
    );
    expect(hex(encoded)).toBe(PROTOCOL_EXAMPLE_A);
  });

  it('emits the reference server Resp type definition of §2.5.5', () => {
    expect(hex(encodeStructTypeDef(SERVER_RESP_LAYOUT))).toBe(PROTOCOL_RESP_TYPEDEF);
  });

  it.each([
    [
      'error',
      resp({ reqIdentifier: 1003, msgIncr: 'm', operationID: 'o', errCode: 1501, errMsg: 'bad' }),
      PROTOCOL_RESP_ERR_VALUE,
    ],
    ['kick', resp({ reqIdentifier: 2002 }), PROTOCOL_KICK_VALUE],
    ['all zero', resp({}), PROTOCOL_ZERO_VALUE],
  ])('emits the §2.5.5 %s value after the type definition', (_name, env, value) => {
    expect(hex(encodeResponseGob(env))).toBe(PROTOCOL_RESP_TYPEDEF + value);
  });

  it.each<[keyof typeof GO_FIXTURES, WsResponseEnvelope]>([
    ['resp_push200', resp({ reqIdentifier: 2001, operationID: 'op1', data: D200 })],
    ['resp_err', resp({ reqIdentifier: 1003, msgIncr: 'm', operationID: 'o', errCode: 1501, errMsg: 'bad' })],
    ['resp_kick', resp({ reqIdentifier: 2002 })],
    ['resp_zero', resp({})],
    ['resp_negerr', resp({ reqIdentifier: 1001, errCode: -1503, errMsg: 'x' })],
  ])('matches Go for Resp %s', (name, env) => {
    expect(hex(encodeResponseGob(env, SERVER_RESP_LAYOUT))).toBe(GO_FIXTURES[name]);
  });

  it('matches Go for a 70000-byte Data field (3-byte lengths)', () => {
    const encoded = encodeResponseGob(
      resp({ reqIdentifier: 1002, msgIncr: 'u1_5', operationID: 'o', data: BIG }),
    );
    expect(hex(encoded)).toBe(GO_FIXTURES.resp_big_prefix + hex(BIG) + GO_FIXTURES.resp_big_suffix);
    const request = encodeRequestGob(req({ reqIdentifier: 1003, sendID: 'u', msgIncr: 'u_1', data: BIG }));
    expect(hex(request)).toBe(GO_FIXTURES.req_big_data_prefix + hex(BIG) + GO_FIXTURES.req_big_data_suffix);
  });

  it.each<[keyof typeof GO_FIXTURES, WsRequestEnvelope]>([
    [
      'req_basic',
      req({ reqIdentifier: 1001, sendID: 'u1', operationID: 'op', msgIncr: 'u1_x', data: unhex('0a027531') }),
    ],
    ['req_all_zero', req({})],
    [
      'req_token_unicode',
      req({ reqIdentifier: 1003, token: 'tök', sendID: '用户', msgIncr: 'm', data: D200 }),
    ],
    ['req_negative', req({ reqIdentifier: -1001, sendID: 'u' })],
    ['req_large_int', req({ reqIdentifier: 2 ** 40, sendID: 'u' })],
  ])('matches Go for GeneralWsReq %s', (name, env) => {
    expect(hex(encodeRequestGob(env, SDK_REQ_LAYOUT))).toBe(GO_FIXTURES[name]);
  });

  it('matches Go for GeneralWsResp with type id 66', () => {
    const layout: GobStructLayout = { ...SDK_RESP_LAYOUT, typeId: 66 };
    const env = resp({ reqIdentifier: 1001, msgIncr: 'u1_1', operationID: 'op', data: bytes(1, 2, 3) });
    expect(hex(encodeResponseGob(env, layout))).toBe(GO_FIXTURES.gresp_1001);
  });

  it('refuses type ids below 64 (Go rejects them as duplicates of builtin types)', () => {
    expect(() => encodeGobStruct({ name: 'X', typeId: 63, fields: [] }, {})).toThrow(RangeError);
  });
});

describe('gob decoder', () => {
  it('decodes the real SDK 1001 frame', () => {
    const env = decodeRequestGob(unhex(OBSERVED_SDK_1001_REQUEST));
    expect(env).toEqual({
      reqIdentifier: 1001,
      token: '',
      sendID: 'u1',
      operationID: 'ee0f96c7-eec1-46fd-a95e-4f6270f19639',
      msgIncr: 'u1_1795309233092721724',
      data: unhex('0a027531'),
    });
  });

  it('decodes every Go-encoded request, whatever the type id', () => {
    expect(decodeRequestGob(unhex(GO_FIXTURES.req_token_unicode))).toEqual(
      req({ reqIdentifier: 1003, token: 'tök', sendID: '用户', msgIncr: 'm', data: D200 }),
    );
    expect(decodeRequestGob(unhex(GO_FIXTURES.req_all_zero))).toEqual(req({}));
    expect(decodeRequestGob(unhex(GO_FIXTURES.req_negative)).reqIdentifier).toBe(-1001);
    expect(decodeRequestGob(unhex(GO_FIXTURES.req_large_int)).reqIdentifier).toBe(2 ** 40);
    expect(decodeRequestGob(unhex(PROTOCOL_EXAMPLE_A)).msgIncr).toBe('u1_x');
    const big = decodeRequestGob(
      unhex(GO_FIXTURES.req_big_data_prefix + hex(BIG) + GO_FIXTURES.req_big_data_suffix),
    );
    expect(hex(big.data)).toBe(hex(BIG));
  });

  it('decodes responses of both struct layouts by field name', () => {
    expect(decodeResponseGob(unhex(GO_FIXTURES.resp_err))).toEqual(
      resp({ reqIdentifier: 1003, msgIncr: 'm', operationID: 'o', errCode: 1501, errMsg: 'bad' }),
    );
    expect(decodeResponseGob(unhex(GO_FIXTURES.resp_negerr)).errCode).toBe(-1503);
    const accepted = decodeResponseGob(unhex(OBSERVED_SDK_ACCEPTED_1001_RESPONSE));
    expect(accepted.msgIncr).toBe('u1_1795309376216151433');
    expect(hex(accepted.data)).toBe('0a0c0a0873695f75315f75321002120c0a0873695f75315f75321001');
  });

  it('ignores fields the receiver does not know and defaults missing ones (like Go)', () => {
    const layout: GobStructLayout = {
      name: 'Other',
      typeId: 100,
      fields: [
        { name: 'Data', kind: 'bytes' },
        { name: 'Unknown', kind: 'string' },
        { name: 'ReqIdentifier', kind: 'int' },
        { name: 'MsgIncr', kind: 'string' },
      ],
    };
    const gob = encodeGobStruct(layout, {
      Data: bytes(9),
      Unknown: 'zzz',
      ReqIdentifier: 1005,
      MsgIncr: 'a_1',
    });
    expect(decodeRequestGob(gob)).toEqual(req({ reqIdentifier: 1005, msgIncr: 'a_1', data: bytes(9) }));
  });

  it('rejects a field whose type differs from the receiver (Go fails the decode too)', () => {
    const layout: GobStructLayout = {
      name: 'Bad',
      typeId: 64,
      fields: [{ name: 'ReqIdentifier', kind: 'string' }],
    };
    const gob = encodeGobStruct(layout, { ReqIdentifier: '1001' });
    expect(() => decodeRequestGob(gob)).toThrow(WireFrameError);
  });

  it('round-trips random envelopes through both layouts', () => {
    const rnd = mulberry32(0x5eed);
    for (let i = 0; i < 300; i++) {
      const r = req({
        reqIdentifier: Math.floor(rnd() * 2 ** 31) * (rnd() < 0.2 ? -1 : 1),
        token: randomString(rnd, 40),
        sendID: randomString(rnd, 20),
        operationID: randomString(rnd, 60),
        msgIncr: randomString(rnd, 30),
        data: randomBytes(rnd, rnd() < 0.1 ? 5000 : 300),
      });
      const back = decodeRequestGob(encodeRequestGob(r));
      expect({ ...back, data: hex(back.data) }).toEqual({ ...r, data: hex(r.data) });
      const s = resp({
        reqIdentifier: Math.floor(rnd() * 3000),
        errCode: Math.floor(rnd() * 4000) - 2000,
        errMsg: randomString(rnd, 50),
        msgIncr: r.msgIncr,
        operationID: r.operationID,
        data: r.data,
      });
      for (const layout of [SERVER_RESP_LAYOUT, SDK_RESP_LAYOUT]) {
        const out = decodeResponseGob(encodeResponseGob(s, layout));
        expect({ ...out, data: hex(out.data) }).toEqual({ ...s, data: hex(s.data) });
      }
    }
  });
});

describe('gob decoder on malformed input', () => {
  const valid = unhex(OBSERVED_SDK_1001_REQUEST);

  function expectCleanError(input: Uint8Array): void {
    let thrown: unknown;
    try {
      decodeRequestGob(input);
    } catch (err) {
      thrown = err;
    }
    expect(thrown, hex(input)).toBeDefined();
    expect(thrown instanceof GobDecodeError || thrown instanceof WireFrameError, String(thrown)).toBe(true);
  }

  it('rejects every truncation of a valid frame', () => {
    for (let n = 0; n < valid.length; n++) expectCleanError(valid.subarray(0, n));
  });

  it('rejects trailing bytes after the value', () => {
    expectCleanError(new Uint8Array([...valid, 0x00]));
  });

  it.each([
    ['empty message length', '00'],
    ['uint with a 9-byte length prefix', 'f7010203040506070809'],
    ['message length beyond the input', 'fe7fff00'],
    ['value of an undefined type', '03ff8000'],
    ['type definition with a reserved id', '0a7d0301010158010a0000'],
    ['string length beyond the message', hex(encodeStructTypeDef(SDK_REQ_LAYOUT)) + '05ff80047f6100'],
    ['field index beyond the definition', hex(encodeStructTypeDef(SDK_REQ_LAYOUT)) + '04ff800700'],
    ['non-struct wire type (slice)', '08ff81020101010c0000'],
    [
      'integer outside the safe range',
      hex(encodeStructTypeDef(SDK_REQ_LAYOUT)) + '0dff8001f8ffffffffffffffff00',
    ],
  ])('rejects %s', (_name, input) => {
    expectCleanError(unhex(input));
  });

  it('rejects a duplicate type definition', () => {
    const def = encodeStructTypeDef(SDK_REQ_LAYOUT);
    expectCleanError(new Uint8Array([...def, ...def, ...unhex('03ff8000')]));
  });

  it('never throws anything but a decode error and never hangs on random mutations', () => {
    const rnd = mulberry32(42);
    const samples = [valid, unhex(GO_FIXTURES.req_token_unicode), unhex(PROTOCOL_EXAMPLE_A)];
    for (let i = 0; i < 3000; i++) {
      const base = samples[i % samples.length] as Uint8Array;
      const input = new Uint8Array(base);
      const flips = 1 + Math.floor(rnd() * 4);
      for (let f = 0; f < flips; f++) input[Math.floor(rnd() * input.length)] = Math.floor(rnd() * 256);
      try {
        decodeRequestGob(input);
      } catch (err) {
        expect(err instanceof GobDecodeError || err instanceof WireFrameError, String(err)).toBe(true);
      }
    }
    for (let i = 0; i < 500; i++) {
      const input = randomBytes(rnd, 200);
      try {
        decodeGobStruct(input);
      } catch (err) {
        expect(err).toBeInstanceOf(GobDecodeError);
      }
    }
  });
});

describe('gob decoding reuses a repeated type definition only when its bytes are identical', () => {
  it('decodes two different structs that share a type ID, alternately', () => {
    const a = { name: 'A', typeId: 64, fields: [{ name: 'X', kind: 'int' as const }] };
    const b = { name: 'B', typeId: 64, fields: [{ name: 'Y', kind: 'string' as const }] };
    for (let i = 0; i < 3; i++) {
      const da = decodeGobStruct(encodeGobStruct(a, { X: i + 1 }));
      expect([da.typeName, da.values.get('X')]).toEqual(['A', i + 1]);
      const db = decodeGobStruct(encodeGobStruct(b, { Y: `y${i}` }));
      expect([db.typeName, db.values.get('Y'), db.values.has('X')]).toEqual(['B', `y${i}`, false]);
    }
  });
});
