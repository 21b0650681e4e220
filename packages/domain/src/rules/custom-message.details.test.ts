import { describe, expect, it } from 'vitest';
import { CustomType } from '../entities/custom-message';
import type { CallRecordResult } from '../entities/custom-message';
import { buildCallRecordData, callRecordText, parseCustomData } from './custom-message';

describe('call records (customType 205): every outcome of a call is read back', () => {
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
