import { describe, expect, it } from 'vitest';
import { textMsgData, type PushItem } from '../contract';
import { decodeResponseFrame, decodeResponseGob } from '../envelope';
import { PushMessagesCodec } from '../messages';
import type { Connection } from './connection';
import { noopLogger } from './options';
import { fanOut, pushTargets } from './push';

const conn = (id: string, userID: string, compress: boolean, closing = false) =>
  ({ id, userID, compress, closing }) as unknown as Connection;

const item = (text: string): PushItem => ({
  conversationID: 'si_a_b',
  msg: textMsgData({ sendID: 'a', recvID: 'b', text, clientMsgID: text, createTime: 1, senderPlatformID: 5 }),
});

describe('push fan-out', () => {
  it('encodes the frames once per compression mode, however many connections get them', () => {
    const sent: { id: string; frame: Buffer }[] = [];
    const targets = [
      conn('g1', 'a', true),
      conn('g2', 'b', true),
      conn('p1', 'c', false),
      conn('p2', 'd', false),
    ];
    const delivered = fanOut(targets, [item('hi')], {
      maxFrameBytes: 1 << 20,
      operationID: 'op1',
      send: (c, frame) => (sent.push({ id: c.id, frame }), true),
      log: noopLogger,
    });
    expect(delivered).toBe(4);
    expect(sent[0]?.frame).toBe(sent[1]?.frame);
    expect(sent[2]?.frame).toBe(sent[3]?.frame);
    expect(sent[0]?.frame).not.toBe(sent[2]?.frame);
    const gz = decodeResponseFrame(sent[0]!.frame);
    const plain = decodeResponseGob(sent[2]!.frame);
    expect(gz.reqIdentifier).toBe(2001);
    expect(gz.operationID).toBe('op1');
    expect(PushMessagesCodec.decode(plain.data).msgs['si_a_b']?.Msgs).toHaveLength(1);
  });

  it('counts only connections a frame was sent to, and sends nothing for no items', () => {
    const targets = [conn('c1', 'a', true), conn('c2', 'a', true)];
    const opts = { maxFrameBytes: 1 << 20, operationID: 'op', log: noopLogger };
    expect(fanOut(targets, [item('x')], { ...opts, send: (c) => c.id === 'c1' })).toBe(1);
    expect(fanOut(targets, [], { ...opts, send: () => true })).toBe(0);
  });

  it("targets each user's live connections once, except the one named", () => {
    const byUser: Record<string, Connection[]> = {
      a: [conn('a1', 'a', true), conn('a2', 'a', true), conn('a3', 'a', true, true)],
      b: [conn('b1', 'b', false)],
    };
    const targets = pushTargets(['a', 'b', 'a', 'nobody'], (u) => byUser[u] ?? [], 'a2');
    expect(targets.map((c) => c.id)).toEqual(['a1', 'b1']);
  });
});
