import { describe, expect, it } from 'vitest';
import { type PullMessageBySeqsResp, ReqIdentifier, type WsRequestHandlers, textMsgData } from '../contract';
import { type WsResponseEnvelope, decodeResponseFrame, encodeResponseFrame } from '../envelope';
import { SDK_MAX_FRAME_BYTES, rememberLastFrame } from '../framing';
import { PullMessageBySeqsReqCodec, PullMessageBySeqsRespCodec } from '../messages';
import { createDispatcher, reply } from './dispatch';
import { Deadlines } from './requests';

const quiet = { debug() {}, info() {}, warn() {}, error() {} };

/** A pull answer of `conversations` conversations with one text each. */
function answer(conversations: number): PullMessageBySeqsResp {
  const msgs: PullMessageBySeqsResp['msgs'] = {};
  for (let i = 0; i < conversations; i++) {
    const msg = textMsgData({
      sendID: 'alice',
      recvID: `user${i}`,
      text: `hello ${i}`,
      clientMsgID: `c${i}`,
      createTime: 1_700_000_000_000 + i,
      senderPlatformID: 5,
    });
    msgs[`si_alice_user${i}`] = { Msgs: [{ ...msg, seq: 7 }], isEnd: true, endSeq: 0 };
  }
  return { msgs, notificationMsgs: {} };
}

function dispatcher(resp: PullMessageBySeqsResp) {
  const handlers = {
    pullMsgByRange: () => Promise.resolve(structuredClone(resp)),
  } as Partial<WsRequestHandlers> as WsRequestHandlers;
  return createDispatcher<object>({
    handlers,
    log: quiet,
    deadlines: new Deadlines(8_000),
    maxFrameBytes: SDK_MAX_FRAME_BYTES,
    subscribe: () => new Uint8Array(0),
  });
}

const request = {
  reqIdentifier: ReqIdentifier.PullMsgByRange,
  token: 't',
  sendID: 'alice',
  operationID: 'op-1',
  msgIncr: '3',
  data: PullMessageBySeqsReqCodec.encode({
    userID: 'alice',
    seqRanges: [{ conversationID: 'si_alice_user0', begin: 1, end: 7, num: 1 }],
    order: 0,
  }),
};
const ctx = { userID: 'alice', platformID: 5, connID: 'c', operationID: 'op-1' };

describe('a pull answer', () => {
  it('is encoded once: the frame measured against the limit is the frame sent', async () => {
    const encoded: WsResponseEnvelope[] = [];
    const encode = rememberLastFrame((env) => {
      encoded.push(env);
      return encodeResponseFrame(env);
    });
    const resp = await dispatcher(answer(100))({}, ctx, request, encode);
    const frame = encode(resp);
    expect(encoded).toHaveLength(1);
    // The frame is the answer as it was before: the envelope echoing the request, the pull encoded once.
    const expected = encodeResponseFrame(
      reply(request, { errCode: 0, errMsg: '', data: PullMessageBySeqsRespCodec.encode(answer(100)) }),
    );
    expect(decodeResponseFrame(frame)).toEqual(decodeResponseFrame(expected));
  });

  it('that does not fit the frame limit is still trimmed, oldest messages first', async () => {
    const big = answer(1);
    const one = big.msgs['si_alice_user0'];
    if (one === undefined) throw new Error('no conversation');
    one.Msgs = Array.from({ length: 60 }, (_, i) => ({
      ...(one.Msgs[0] as NonNullable<(typeof one.Msgs)[number]>),
      seq: i + 1,
      content: new Uint8Array(Buffer.from(crypto.getRandomValues(new Uint8Array(30_000)))),
    }));
    const encode = rememberLastFrame(encodeResponseFrame);
    const resp = await dispatcher(big)({}, ctx, request, encode);
    const sent = PullMessageBySeqsRespCodec.decode(decodeResponseFrame(encode(resp)).data);
    const seqs = sent.msgs['si_alice_user0']?.Msgs.map((m) => m.seq) ?? [];
    expect(encode(resp).length).toBeLessThanOrEqual(SDK_MAX_FRAME_BYTES);
    expect(seqs.length).toBeLessThan(60);
    expect(seqs.at(-1)).toBe(60);
  });
});
