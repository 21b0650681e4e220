import { describe, expect, it } from 'vitest';
import { emptyMsgData, type MsgData, type PullMsgs } from './contract';
import {
  DelUserPushTokenReqCodec,
  EmptyCodec,
  GetConversationsHasReadAndMaxSeqReqCodec,
  GetConversationsHasReadAndMaxSeqRespCodec,
  GetLastMessageReqCodec,
  GetLastMessageRespCodec,
  GetMaxSeqReqCodec,
  GetMaxSeqRespCodec,
  GetSeqMessageReqCodec,
  GetSeqMessageRespCodec,
  MsgDataCodec,
  PullMessageBySeqsReqCodec,
  PullMessageBySeqsRespCodec,
  PullMsgsCodec,
  PushMessagesCodec,
  SetAppBackgroundStatusReqCodec,
  SubUserOnlineStatusCodec,
  SubUserOnlineStatusTipsCodec,
  UserSendMsgRespCodec,
} from './messages';
import { ProtoDecodeError } from './proto';
import { PROTO_FIXTURES } from './testing/proto-fixtures';
import { mulberry32, randomBytes, randomInt, randomString } from './testing/random';

const hex = (b: Uint8Array): string => Buffer.from(b).toString('hex');
const unhex = (h: string): Uint8Array => new Uint8Array(Buffer.from(h, 'hex'));
const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);

/** Same values as the MsgData_full case the Go fixtures were recorded from. */
const FULL_MSG: MsgData = {
  sendID: 'u1',
  recvID: 'u2',
  groupID: 'g1',
  clientMsgID: 'c0ffee',
  serverMsgID: 'srv1',
  senderPlatformID: 5,
  senderNickname: 'Alice',
  senderFaceURL: 'http://f/a.png',
  sessionType: 1,
  msgFrom: 100,
  contentType: 101,
  content: utf8('{"content":"hi"}'),
  seq: 7,
  sendTime: 1732000000123,
  createTime: 1732000000000,
  status: 2,
  isRead: true,
  options: { history: false, unreadCount: true },
  offlinePushInfo: {
    title: 't',
    desc: 'd',
    ex: 'e',
    iOSPushSound: '+1',
    iOSBadgeCount: true,
    signalInfo: 's',
  },
  atUserIDList: ['u3', 'u4'],
  attachedInfo: 'null',
  ex: 'x',
};

const msg = (partial: Partial<MsgData>): MsgData => ({ ...emptyMsgData(), ...partial });
const pull = (Msgs: MsgData[], isEnd = false, endSeq = 0): PullMsgs => ({ Msgs, isEnd, endSeq });

/** Plain JSON view (bytes as hex, null-prototype maps as plain objects) for deep comparison. */
function view(value: unknown): unknown {
  return JSON.parse(
    JSON.stringify(value, (_k, v: unknown) => (v instanceof Uint8Array ? `hex:${hex(v)}` : v)),
  ) as unknown;
}

describe('protobuf encodings match the Go code generated from openimsdk/protocol', () => {
  const cases: [keyof typeof PROTO_FIXTURES, () => Uint8Array][] = [
    ['MsgData_full', () => MsgDataCodec.encode(FULL_MSG)],
    ['MsgData_negative', () => MsgDataCodec.encode(msg({ senderPlatformID: -1, seq: -5, status: -2 }))],
    [
      'MsgData_emptyPushInfo',
      () =>
        MsgDataCodec.encode(
          msg({
            sendID: 'a',
            offlinePushInfo: {
              title: '',
              desc: '',
              ex: '',
              iOSPushSound: '',
              iOSBadgeCount: false,
              signalInfo: '',
            },
          }),
        ),
    ],
    ['MsgData_empty', () => MsgDataCodec.encode(emptyMsgData())],
    ['GetMaxSeqReq', () => GetMaxSeqReqCodec.encode({ userID: 'u1' })],
    [
      'GetMaxSeqResp',
      () =>
        GetMaxSeqRespCodec.encode({
          maxSeqs: { n_u1_u1: 0, si_u1_u2: 2 },
          minSeqs: { si_u1_u2: 1 },
        }),
    ],
    [
      'PullMessageBySeqsReq',
      () =>
        PullMessageBySeqsReqCodec.encode({
          userID: 'u1',
          seqRanges: [
            { conversationID: 'si_u1_u2', begin: 0, end: 2, num: 1 },
            { conversationID: 'n_u1_u2', begin: 3, end: 300, num: 10 },
          ],
          order: 1,
        }),
    ],
    [
      'PullMessageBySeqsResp',
      () =>
        PullMessageBySeqsRespCodec.encode({
          msgs: {
            si_u1_u2: pull([msg({ seq: 1, sendID: 'u1', status: 2 }), msg({ seq: 2, status: 4 })], true, 2),
          },
          notificationMsgs: { n_u1_u2: pull([msg({ seq: 1, contentType: 2101 })]) },
        }),
    ],
    [
      'UserSendMsgResp',
      () => UserSendMsgRespCodec.encode({ serverMsgID: 's1', clientMsgID: 'c1', sendTime: 1732000000123 }),
    ],
    [
      'GetSeqMessageReq',
      () =>
        GetSeqMessageReqCodec.encode({
          userID: 'u1',
          conversations: [{ conversationID: 'si_u1_u2', seqs: [5, 4, 3, 300] }],
          order: 1,
        }),
    ],
    [
      'GetSeqMessageResp',
      () =>
        GetSeqMessageRespCodec.encode({
          msgs: { si_u1_u2: pull([msg({ seq: 3 })], true, 1) },
          notificationMsgs: { n_u1_u2: pull([]) },
        }),
    ],
    [
      'GetConversationsHasReadAndMaxSeqReq',
      () =>
        GetConversationsHasReadAndMaxSeqReqCodec.encode({
          userID: 'u1',
          conversationIDs: ['a', 'b'],
          returnPinned: true,
        }),
    ],
    [
      'GetConversationsHasReadAndMaxSeqResp',
      () =>
        GetConversationsHasReadAndMaxSeqRespCodec.encode({
          seqs: { si_u1_u2: { maxSeq: 9, hasReadSeq: 3, maxSeqTime: 1732000000123 } },
          pinnedConversationIDs: ['si_u1_u2'],
        }),
    ],
    [
      'GetLastMessageReq',
      () => GetLastMessageReqCodec.encode({ userID: 'u1', conversationIDs: ['si_u1_u2', 'sg_g1'] }),
    ],
    [
      'GetLastMessageResp',
      () => GetLastMessageRespCodec.encode({ msgs: { si_u1_u2: msg({ seq: 9, contentType: 101 }) } }),
    ],
    [
      'PushMessages',
      () =>
        PushMessagesCodec.encode({
          msgs: {
            si_u1_u2: pull([
              msg({
                seq: 3,
                sendID: 'u1',
                recvID: 'u2',
                sessionType: 1,
                contentType: 101,
                content: utf8('{"content":"x"}'),
              }),
            ]),
          },
          notificationMsgs: { n_u2_u2: pull([msg({ contentType: 1300 })]) },
        }),
    ],
    ['DelUserPushTokenReq', () => DelUserPushTokenReqCodec.encode({ userID: 'u1', platformID: 5 })],
    [
      'SetAppBackgroundStatusReq',
      () => SetAppBackgroundStatusReqCodec.encode({ userID: 'u1', isBackground: true }),
    ],
    [
      'SubUserOnlineStatus',
      () => SubUserOnlineStatusCodec.encode({ subscribeUserID: ['u2', 'u3'], unsubscribeUserID: ['u4'] }),
    ],
    [
      'SubUserOnlineStatusTips',
      () =>
        SubUserOnlineStatusTipsCodec.encode({
          subscribers: [
            { userID: 'u2', onlinePlatformIDs: [5, 1] },
            { userID: 'u3', onlinePlatformIDs: [] },
          ],
        }),
    ],
  ];

  it.each(cases)('%s', (name, encode) => {
    expect(hex(encode())).toBe(PROTO_FIXTURES[name]);
  });

  it('SendMsgResp (msg package) has the same layout as UserSendMsgResp', () => {
    expect(PROTO_FIXTURES.SendMsgResp).toBe(PROTO_FIXTURES.UserSendMsgResp);
  });

  it('the SDK 1001 payloads of the observed login', () => {
    // Data of the real 1001 request and of the response the SDK accepted.
    expect(GetMaxSeqReqCodec.decode(unhex('0a027531'))).toEqual({ userID: 'u1' });
    const resp = GetMaxSeqRespCodec.decode(unhex('0a0c0a0873695f75315f75321002120c0a0873695f75315f75321001'));
    expect(view(resp)).toEqual({ maxSeqs: { si_u1_u2: 2 }, minSeqs: { si_u1_u2: 1 } });
  });
});

describe('protobuf decoding', () => {
  it('decodes the Go encodings back to the same values', () => {
    expect(view(MsgDataCodec.decode(unhex(PROTO_FIXTURES.MsgData_full)))).toEqual(view(FULL_MSG));
    expect(MsgDataCodec.decode(unhex(PROTO_FIXTURES.MsgData_negative))).toMatchObject({
      senderPlatformID: -1,
      seq: -5,
      status: -2,
    });
    expect(view(GetSeqMessageReqCodec.decode(unhex(PROTO_FIXTURES.GetSeqMessageReq)))).toEqual({
      userID: 'u1',
      conversations: [{ conversationID: 'si_u1_u2', seqs: [5, 4, 3, 300] }],
      order: 1,
    });
    const pulled = PullMessageBySeqsRespCodec.decode(unhex(PROTO_FIXTURES.PullMessageBySeqsResp));
    expect(pulled.msgs['si_u1_u2']?.Msgs.map((m) => [m.seq, m.status])).toEqual([
      [1, 2],
      [2, 4],
    ]);
    expect(pulled.msgs['si_u1_u2']?.isEnd).toBe(true);
    expect(pulled.notificationMsgs['n_u1_u2']?.Msgs[0]?.contentType).toBe(2101);
    expect(SubUserOnlineStatusTipsCodec.decode(unhex(PROTO_FIXTURES.SubUserOnlineStatusTips))).toEqual({
      subscribers: [
        { userID: 'u2', onlinePlatformIDs: [5, 1] },
        { userID: 'u3', onlinePlatformIDs: [] },
      ],
    });
  });

  it('fills absent fields with zero values and absent messages with null', () => {
    const m = MsgDataCodec.decode(new Uint8Array(0));
    expect(view(m)).toEqual(view(emptyMsgData()));
    expect(m.offlinePushInfo).toBeNull();
    expect(EmptyCodec.decode(new Uint8Array(0))).toEqual({});
  });

  it('accepts unpacked repeated numbers and skips unknown fields of every wire type', () => {
    // seqs (field 3) unpacked: 18 05 18 06; unknown fields 9 (varint), 10 (fixed64), 11 (len), 12 (fixed32)
    const bytes = unhex(
      '12 01 61 18 05 18 06 48 01 51 0102030405060708 5a 02 6869 65 01020304'.replace(/ /g, ''),
    );
    expect(ConversationSeqsDecode(bytes)).toEqual({ conversationID: 'a', seqs: [5, 6] });
  });

  it('keeps map keys such as __proto__ as plain data', () => {
    const encoded = GetMaxSeqRespCodec.encode({ maxSeqs: { ['__proto__']: 5, a: 1 }, minSeqs: {} });
    const decoded = GetMaxSeqRespCodec.decode(encoded);
    expect(Object.keys(decoded.maxSeqs)).toContain('__proto__');
    expect(Object.getPrototypeOf(decoded.maxSeqs)).toBeNull();
  });

  it('rejects malformed input with ProtoDecodeError', () => {
    const bad = [
      '0a05757531', // length beyond the end
      '30ffffffffffffffffffff01', // varint longer than 10 bytes
      '6b', // unknown field with the group wire type
      '00', // field number 0
      '7201', // field 14 (seq) with the length-delimited wire type
      '70ffffffffffffffff7f', // int64 outside the safe range
    ];
    for (const h of bad) {
      expect(() => MsgDataCodec.decode(unhex(h)), h).toThrow(ProtoDecodeError);
    }
  });

  it('only ever throws ProtoDecodeError on random input', () => {
    const rnd = mulberry32(7);
    const seeds = Object.values(PROTO_FIXTURES).map(unhex);
    const codecs = [MsgDataCodec, PushMessagesCodec, PullMessageBySeqsReqCodec, GetSeqMessageReqCodec];
    for (let i = 0; i < 4000; i++) {
      const seed = seeds[i % seeds.length] as Uint8Array;
      const input = i % 3 === 0 ? randomBytes(rnd, 64) : new Uint8Array(seed);
      if (i % 3 !== 0 && input.length > 0) {
        for (let f = 0; f < 3; f++) input[randomInt(rnd, input.length)] = randomInt(rnd, 256);
      }
      for (const codec of codecs) {
        try {
          codec.decode(input);
        } catch (err) {
          expect(err, String(err)).toBeInstanceOf(ProtoDecodeError);
        }
      }
    }
  });
});

describe('protobuf encoding', () => {
  it('round-trips random MsgData', () => {
    const rnd = mulberry32(99);
    for (let i = 0; i < 300; i++) {
      const m: MsgData = {
        sendID: randomString(rnd, 10),
        recvID: randomString(rnd, 10),
        groupID: randomString(rnd, 10),
        clientMsgID: randomString(rnd, 32),
        serverMsgID: randomString(rnd, 32),
        senderPlatformID: randomInt(rnd, 12) - 1,
        senderNickname: randomString(rnd, 20),
        senderFaceURL: randomString(rnd, 20),
        sessionType: randomInt(rnd, 5),
        msgFrom: randomInt(rnd, 2) * 100 + 100,
        contentType: randomInt(rnd, 3000) - 500,
        content: randomBytes(rnd, 200),
        seq: randomInt(rnd, 2 ** 40),
        sendTime: randomInt(rnd, 2 ** 45),
        createTime: -randomInt(rnd, 2 ** 45),
        status: randomInt(rnd, 5),
        isRead: rnd() < 0.5,
        options: rnd() < 0.5 ? {} : { history: rnd() < 0.5, [randomString(rnd, 8)]: true },
        offlinePushInfo:
          rnd() < 0.5
            ? null
            : {
                title: randomString(rnd, 5),
                desc: randomString(rnd, 5),
                ex: '',
                iOSPushSound: '+1',
                iOSBadgeCount: rnd() < 0.5,
                signalInfo: '',
              },
        atUserIDList: Array.from({ length: randomInt(rnd, 4) }, () => randomString(rnd, 6)),
        attachedInfo: randomString(rnd, 30),
        ex: randomString(rnd, 30),
      };
      expect(view(MsgDataCodec.decode(MsgDataCodec.encode(m)))).toEqual(view(m));
    }
  });

  it('treats undefined fields as zero values', () => {
    const partial = { seq: 3, status: 4 } as unknown as MsgData;
    expect(hex(MsgDataCodec.encode(partial))).toBe(hex(MsgDataCodec.encode(msg({ seq: 3, status: 4 }))));
  });

  it('rejects values that do not fit their protobuf type', () => {
    expect(() => MsgDataCodec.encode(msg({ seq: 1.5 }))).toThrow(TypeError);
    expect(() => MsgDataCodec.encode(msg({ seq: 2 ** 60 }))).toThrow(TypeError);
    expect(() => MsgDataCodec.encode(msg({ status: 2 ** 31 }))).toThrow(TypeError);
    expect(() => MsgDataCodec.encode(msg({ sendID: 5 as unknown as string }))).toThrow(TypeError);
  });
});

// Field numbers 2 and 3 of msg.ConversationSeqs, decoded through the request that carries it.
function ConversationSeqsDecode(bytes: Uint8Array): unknown {
  const wrapped = new Uint8Array([0x12, bytes.length, ...bytes]);
  return view(GetSeqMessageReqCodec.decode(wrapped).conversations[0]);
}

describe('protobuf encoding in one buffer', () => {
  /** Independent reference: key, varint length, payload. */
  const lengthDelimited = (key: number, payload: Uint8Array): Uint8Array => {
    const len: number[] = [];
    let n = payload.length;
    while (n > 0x7f) {
      len.push((n & 0x7f) | 0x80);
      n >>>= 7;
    }
    len.push(n);
    return new Uint8Array([key, ...len, ...payload]);
  };

  it('writes nested lengths of every varint size in place', () => {
    // The nested MsgData's length prefix needs 1, 2, 3 or 4 bytes: its payload is moved after writing.
    for (const size of [0, 1, 100, 127, 128, 129, 300, 16_383, 16_384, 16_385, 2_097_152]) {
      const m = msg({ content: new Uint8Array(size).fill(7) });
      const body = MsgDataCodec.encode(m);
      const expected = lengthDelimited(0x0a, body); // PullMsgs.Msgs = field 1, wire type 2
      expect(hex(PullMsgsCodec.encode(pull([m])))).toBe(hex(expected));
    }
  });

  it('writes long and non-ASCII strings as their UTF-8 bytes', () => {
    for (const s of [
      'a'.repeat(64),
      'a'.repeat(65),
      'é',
      `${'x'.repeat(70)}用户😀`,
      '😀abc',
      `ab${'ß'.repeat(100)}`,
    ]) {
      const expected = lengthDelimited(0x0a, utf8(s)); // MsgData.sendID = field 1
      expect(hex(MsgDataCodec.encode(msg({ sendID: s })))).toBe(hex(expected));
      expect(MsgDataCodec.decode(expected).sendID).toBe(s);
    }
  });

  it('keeps map entries and repeated messages intact when encodings nest', () => {
    const big = msg({ content: new Uint8Array(200).fill(1), seq: 9 });
    const push = { msgs: { si_a_b: pull([big, msg({ seq: 10 })], true, 10) }, notificationMsgs: {} };
    expect(view(PushMessagesCodec.decode(PushMessagesCodec.encode(push)))).toEqual(view(push));
  });
});
