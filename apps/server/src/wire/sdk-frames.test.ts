// Every request type as the real SDK sent it: the codecs must read it and write it back identically.
import { describe, expect, it } from 'vitest';
import { decodeRequestGob, encodeRequestGob, SDK_REQ_LAYOUT } from './envelope';
import {
  DelUserPushTokenReqCodec,
  GetConversationsHasReadAndMaxSeqReqCodec,
  GetLastMessageReqCodec,
  GetMaxSeqReqCodec,
  GetSeqMessageReqCodec,
  MsgDataCodec,
  PullMessageBySeqsReqCodec,
} from './messages';
import type { MessageCodec } from './proto';
import { OBSERVED_HARNESS_FRAMES } from './testing/gob-fixtures';

const unhex = (h: string): Uint8Array => new Uint8Array(Buffer.from(h, 'hex'));
const hex = (b: Uint8Array): string => Buffer.from(b).toString('hex');

/** JSON view with bytes as UTF-8 text and null-prototype maps as plain objects. */
function view(value: unknown): unknown {
  return JSON.parse(
    JSON.stringify(value, (_k, v: unknown) =>
      v instanceof Uint8Array ? Buffer.from(v).toString('utf8') : v,
    ),
  ) as unknown;
}

const cases: {
  id: keyof typeof OBSERVED_HARNESS_FRAMES;
  codec: MessageCodec<unknown>;
  sendID: string;
  msgIncr: string;
  payload: unknown;
}[] = [
  {
    id: 1001,
    codec: GetMaxSeqReqCodec,
    sendID: 'alice_ivj0',
    msgIncr: 'alice_ivj0_1795316619074365448',
    payload: { userID: 'alice_ivj0' },
  },
  {
    id: 1002,
    codec: PullMessageBySeqsReqCodec,
    sendID: 'bob_ivj1',
    msgIncr: 'bob_ivj1_1795316647600665549',
    payload: {
      userID: 'bob_ivj1',
      seqRanges: [{ conversationID: 'si_alice_ivj1_bob_ivj1', begin: 0, end: 4, num: 1 }],
      order: 0,
    },
  },
  {
    id: 1003,
    codec: MsgDataCodec,
    sendID: 'alice_ivj0',
    msgIncr: 'alice_ivj0_1795316633551388639',
    payload: {
      sendID: 'alice_ivj0',
      recvID: 'bob_ivj0',
      groupID: '',
      clientMsgID: '542713b60b4197687e56a3e6d5373c8d',
      serverMsgID: '',
      senderPlatformID: 5,
      senderNickname: 'Alice ivj0',
      senderFaceURL: '',
      sessionType: 1,
      msgFrom: 100,
      contentType: 101,
      content: '{"content":"hello bob"}',
      seq: 0,
      sendTime: 0,
      createTime: 1795316629095,
      status: 1,
      isRead: false,
      options: {},
      offlinePushInfo: {
        title: 'You have a new message.',
        desc: '',
        ex: '',
        iOSPushSound: '+1',
        iOSBadgeCount: true,
        signalInfo: '',
      },
      atUserIDList: [],
      attachedInfo: 'null',
      ex: '',
    },
  },
  {
    id: 1005,
    codec: GetSeqMessageReqCodec,
    sendID: 'bob_ivj1',
    msgIncr: 'bob_ivj1_1795316651295927214',
    payload: {
      userID: 'bob_ivj1',
      conversations: [{ conversationID: 'si_alice_ivj1_bob_ivj1', seqs: [1, 2, 3] }],
      order: 1,
    },
  },
  {
    id: 1006,
    codec: GetConversationsHasReadAndMaxSeqReqCodec,
    sendID: 'alice_ivj0',
    msgIncr: 'alice_ivj0_1795316625304582326',
    payload: { userID: 'alice_ivj0', conversationIDs: [], returnPinned: false },
  },
  {
    id: 1007,
    codec: GetLastMessageReqCodec,
    sendID: 'alice_jhv1',
    msgIncr: 'alice_jhv1_1795316710648643867',
    payload: { userID: 'alice_jhv1', conversationIDs: ['si_alice_jhv1_bob_jhv1'] },
  },
  {
    id: 2003,
    codec: DelUserPushTokenReqCodec,
    sendID: 'alice_ivj0',
    msgIncr: 'alice_ivj0_1795316634383470117',
    payload: { userID: 'alice_ivj0', platformID: 5 },
  },
];

describe('real SDK request frames', () => {
  it.each(cases)(
    '$id decodes to the expected envelope and payload',
    ({ id, codec, sendID, msgIncr, payload }) => {
      const env = decodeRequestGob(unhex(OBSERVED_HARNESS_FRAMES[id]));
      expect(env.reqIdentifier).toBe(id);
      expect(env.token).toBe('');
      expect(env.sendID).toBe(sendID);
      expect(env.msgIncr).toBe(msgIncr);
      expect(env.operationID).toMatch(/^[0-9a-f-]{36}$/);
      expect(view(codec.decode(env.data))).toEqual(payload);
    },
  );

  it.each(cases)('$id is re-encoded byte for byte (gob envelope and protobuf payload)', ({ id, codec }) => {
    const frame = OBSERVED_HARNESS_FRAMES[id];
    const env = decodeRequestGob(unhex(frame));
    const payload = codec.decode(env.data);
    expect(hex(codec.encode(payload))).toBe(hex(env.data));
    expect(hex(encodeRequestGob(env, SDK_REQ_LAYOUT))).toBe(frame);
  });
});
