import { describe, expect, it } from 'vitest';
import { CustomType } from '../entities/custom-message';
import type { CallRecordResult, CustomPayload } from '../entities/custom-message';
import { ContentType, type Message } from '../entities/message';
import { isAppendableIncoming, isRedPacketMessage } from './message-flow';
import { message } from '../testing/builders';
import { messagePreview } from './preview';
import {
  buildCallRecordData,
  buildCallSignalData,
  callRecordText,
  buildRedPacketData,
  customPayloadOf,
  isCallSignalMessage,
  parseCustomData,
  withCustomPayload,
} from './custom-message';

const invitation = {
  roomID: 'r1',
  inviterUserID: 'a',
  inviteeUserIDList: ['b'],
  mediaType: 'audio' as const,
};

describe('§3 Custom message data', () => {
  it('§3 red packet data holds customType, id and message', () => {
    const data = buildRedPacketData('rp-1', 'Happy');
    expect(JSON.parse(data)).toEqual({ customType: CustomType.RedPacket, id: 'rp-1', message: 'Happy' });
    expect(parseCustomData(data)).toEqual({
      kind: 'redPacket',
      data: { customType: CustomType.RedPacket, id: 'rp-1', message: 'Happy' },
    });
    expect(parseCustomData(JSON.stringify({ customType: CustomType.RedPacket, id: 'rp-2' }))).toEqual({
      kind: 'redPacket',
      data: { customType: CustomType.RedPacket, id: 'rp-2', message: '' },
    });
  });

  it('§3 call signals 200-204 carry the invitation', () => {
    for (const customType of [200, 201, 202, 203, 204] as const) {
      const data = buildCallSignalData(customType, { ...invitation, timeout: 30 });
      expect(parseCustomData(data)).toEqual({
        kind: 'callSignal',
        signal: { customType, invitation: { ...invitation, timeout: 30 } },
      });
    }
    expect(parseCustomData(buildCallSignalData(CustomType.CallingInvite, invitation))).toEqual({
      kind: 'callSignal',
      signal: { customType: CustomType.CallingInvite, invitation },
    });
  });

  it('§8 malformed data is reported as unknown, never thrown', () => {
    expect(parseCustomData('not json')).toEqual({ kind: 'unknown', customType: undefined });
    expect(parseCustomData('[1,2]')).toEqual({ kind: 'unknown', customType: undefined });
    expect(parseCustomData('{"id":"x"}')).toEqual({ kind: 'unknown', customType: undefined });
    expect(parseCustomData('{"customType":555}')).toEqual({ kind: 'unknown', customType: 555 });
    // A customType that is not a number is no type at all.
    expect(parseCustomData('{"customType":"300","id":"x"}')).toEqual({
      kind: 'unknown',
      customType: undefined,
    });
    expect(parseCustomData('null')).toEqual({ kind: 'unknown', customType: undefined });
    expect(parseCustomData(JSON.stringify({ customType: CustomType.RedPacket, id: '' }))).toEqual({
      kind: 'unknown',
      customType: CustomType.RedPacket,
    });
    expect(
      parseCustomData(JSON.stringify({ customType: CustomType.RedPacket, id: 'x', message: 3 })),
    ).toEqual({
      kind: 'unknown',
      customType: CustomType.RedPacket,
    });
    const badInvitations: unknown[] = [
      undefined,
      null,
      'x',
      { ...invitation, roomID: 7 },
      { ...invitation, inviterUserID: '' },
      { ...invitation, inviteeUserIDList: ['b', 5] },
      { ...invitation, inviteeUserIDList: 'b' },
      { ...invitation, roomID: '' },
      { ...invitation, inviterUserID: 7 },
      { ...invitation, inviteeUserIDList: [] },
      { ...invitation, inviteeUserIDList: ['b', ''] },
      { ...invitation, mediaType: 'hologram' },
    ];
    for (const bad of badInvitations) {
      expect(parseCustomData(JSON.stringify({ customType: 200, invitation: bad }))).toEqual({
        kind: 'unknown',
        customType: 200,
      });
    }
    // A nonsensical timeout is dropped, so the 30 s default applies.
    expect(
      parseCustomData(JSON.stringify({ customType: 200, invitation: { ...invitation, timeout: -5 } })),
    ).toEqual({
      kind: 'callSignal',
      signal: { customType: 200, invitation },
    });
  });

  it('§4 a timeout is kept only when it is a positive finite number', () => {
    const signal = (timeout: string) =>
      parseCustomData(
        `{"customType":200,"invitation":{"roomID":"r1","inviterUserID":"a","inviteeUserIDList":["b"],"mediaType":"audio","timeout":${timeout}}}`,
      );
    expect(signal('45')).toEqual({
      kind: 'callSignal',
      signal: { customType: 200, invitation: { ...invitation, timeout: 45 } },
    });
    for (const dropped of ['0', '-1', '1e400', '"30"', 'null']) {
      expect(signal(dropped)).toEqual({ kind: 'callSignal', signal: { customType: 200, invitation } });
    }
  });

  it('§4 the rules take the payload read where the message was mapped, and do not read its data again', () => {
    const custom = (payload: CustomPayload) =>
      message({
        contentType: ContentType.Custom,
        customElem: { data: '', description: '', extension: '', payload },
      });
    const call = custom({ kind: 'callSignal', signal: { customType: 200, invitation } });
    expect(isCallSignalMessage(call)).toBe(true);
    expect(isAppendableIncoming(call)).toBe(false);
    const packet = custom({
      kind: 'redPacket',
      data: { customType: CustomType.RedPacket, id: 'rp', message: 'hi' },
    });
    expect(isRedPacketMessage(packet)).toBe(true);
    expect(customPayloadOf(packet)).toBe(packet.customElem?.payload);
  });

  it('§4 a message read back from JSON without its payload (a latest message, an old pin) has it read once', () => {
    const data = buildRedPacketData('rp', 'hi');
    const stored = {
      ...message({ contentType: ContentType.Custom }),
      customElem: { data, description: 'd' },
    };
    const read = withCustomPayload(stored as unknown as Message);
    expect(read.customElem).toEqual({
      data,
      description: 'd',
      extension: '',
      payload: parseCustomData(data),
    });
    expect(withCustomPayload(read)).toBe(read);
    // Fields the stored JSON lacks read as empty; those it has are kept.
    const bare = { ...message({ contentType: ContentType.Custom }), customElem: { extension: 'x' } };
    expect(withCustomPayload(bare as unknown as Message).customElem).toEqual({
      data: '',
      description: '',
      extension: 'x',
      payload: { kind: 'unknown', customType: undefined },
    });
    const text = message({ contentType: ContentType.Text });
    expect(withCustomPayload(text)).toBe(text);
  });

  it('§4 call-invite custom messages are recognised', () => {
    const call = message({
      contentType: ContentType.Custom,
      customElem: {
        data: buildCallSignalData(200, invitation),
        description: '',
        extension: '',
        payload: parseCustomData(buildCallSignalData(200, invitation)),
      },
    });
    expect(isCallSignalMessage(call)).toBe(true);
    expect(isCallSignalMessage(message({ contentType: ContentType.Text }))).toBe(false);
    // Another client's custom message that happens to carry a well-formed invitation is not a call
    // signal: it stays visible in the chat.
    for (const customType of [199, 205, CustomType.RedPacket, 555]) {
      const data = JSON.stringify({ customType, invitation: { ...invitation, timeout: 30 } });
      expect(parseCustomData(data)).toEqual({ kind: 'unknown', customType });
      const other = message({
        contentType: ContentType.Custom,
        customElem: { data, description: '', extension: '', payload: parseCustomData(data) },
      });
      expect(isCallSignalMessage(other)).toBe(false);
    }
    expect(customPayloadOf(message({ contentType: ContentType.Text }))).toBeUndefined();
  });
});

describe('§8 custom data that is not a JSON object has no custom type', () => {
  it('text that is not JSON, JSON scalars and arrays are unknown without a type', () => {
    for (const data of [
      '',
      '{',
      '{"customType":',
      'undefined',
      '42',
      '"customType"',
      'true',
      '[205]',
      '[]',
    ]) {
      expect(parseCustomData(data), data).toEqual({ kind: 'unknown', customType: undefined });
    }
  });
});

describe('call records (our customType 205)', () => {
  it('round-trip, and only well-formed ones are records', () => {
    expect(parseCustomData(buildCallRecordData('video', 'answered', 65))).toEqual({
      kind: 'callRecord',
      record: {
        customType: CustomType.CallRecord,
        mediaType: 'video',
        result: 'answered',
        durationSeconds: 65,
      },
    });
    for (const bad of [
      { customType: 205, mediaType: 'fax', result: 'answered', durationSeconds: 1 },
      { customType: 205, mediaType: 'audio', result: 'lost', durationSeconds: 1 },
      { customType: 205, mediaType: 'audio', result: 'answered', durationSeconds: -1 },
      { customType: 205, mediaType: 'audio', result: 'answered' },
    ]) {
      expect(parseCustomData(JSON.stringify(bad))).toEqual({ kind: 'unknown', customType: 205 });
    }
  });

  it("carry the call's room when given; records without it, or with one out of shape, still read", () => {
    expect(parseCustomData(buildCallRecordData('audio', 'rejected', 0, 'room-1'))).toEqual({
      kind: 'callRecord',
      record: {
        customType: 205,
        mediaType: 'audio',
        result: 'rejected',
        durationSeconds: 0,
        roomID: 'room-1',
      },
    });
    for (const roomID of [42, '', 'x'.repeat(129), null, { id: 'r' }]) {
      const data = JSON.stringify({
        customType: 205,
        mediaType: 'audio',
        result: 'cancelled',
        durationSeconds: 0,
        roomID,
      });
      expect(parseCustomData(data)).toEqual({
        kind: 'callRecord',
        record: { customType: 205, mediaType: 'audio', result: 'cancelled', durationSeconds: 0 },
      });
    }
  });

  it('read as the duration when answered, else what happened', () => {
    expect(callRecordText({ result: 'answered', durationSeconds: 65 })).toEqual({
      key: 'call.record.answered',
      params: { duration: '01:05' },
    });
    expect(callRecordText({ result: 'rejected', durationSeconds: 0 })).toEqual({
      key: 'call.record.rejected',
    });
    const record = message({
      contentType: ContentType.Custom,
      customElem: {
        data: buildCallRecordData('audio', 'unanswered', 0),
        description: 'call',
        extension: '',
        payload: parseCustomData(buildCallRecordData('audio', 'unanswered', 0)),
      },
    });
    expect(messagePreview(record, { locale: 'en-US', selfUserID: 'a' })).toBe('[Call] No answer');
  });

  it('each of answered, cancelled, rejected and unanswered round-trips for audio and video', () => {
    const results: CallRecordResult[] = ['answered', 'cancelled', 'rejected', 'unanswered'];
    for (const mediaType of ['audio', 'video'] as const) {
      for (const result of results) {
        expect(parseCustomData(buildCallRecordData(mediaType, result, 7))).toEqual({
          kind: 'callRecord',
          record: { customType: CustomType.CallRecord, mediaType, result, durationSeconds: 7 },
        });
      }
    }
  });

  it('the outcomes that are not answered read as what happened, without a duration', () => {
    expect(callRecordText({ result: 'cancelled', durationSeconds: 0 })).toEqual({
      key: 'call.record.cancelled',
    });
    expect(callRecordText({ result: 'unanswered', durationSeconds: 0 })).toEqual({
      key: 'call.record.unanswered',
    });
  });

  it('a duration of zero is a record; a fractional, textual or missing one is not', () => {
    expect(parseCustomData(buildCallRecordData('audio', 'cancelled', 0))).toEqual({
      kind: 'callRecord',
      record: { customType: 205, mediaType: 'audio', result: 'cancelled', durationSeconds: 0 },
    });
    for (const durationSeconds of [1.5, '3', null, true]) {
      const data = JSON.stringify({
        customType: 205,
        mediaType: 'audio',
        result: 'answered',
        durationSeconds,
      });
      expect(parseCustomData(data)).toEqual({ kind: 'unknown', customType: 205 });
    }
    for (const result of ['Answered', '', 1, ['answered'], null]) {
      const data = JSON.stringify({ customType: 205, mediaType: 'video', result, durationSeconds: 1 });
      expect(parseCustomData(data)).toEqual({ kind: 'unknown', customType: 205 });
    }
  });
});
