import { describe, expect, it } from 'vitest';
import { MUTE_DURATIONS_SECONDS, PERMANENT_MUTE_SECONDS } from '../constants';
import {
  formatMuteDuration,
  isMemberMuted,
  isPermanentMute,
  MUTE_DURATION_OPTIONS,
  muteDurationText,
  muteEndTimeAfter,
  remainingMuteMs,
  UNMUTE_SECONDS,
} from './mute';

describe('§4 Mute', () => {
  it('§4 a member is muted while muteEndTime is later than now', () => {
    expect(isMemberMuted({ muteEndTime: 1001 }, 1000)).toBe(true);
    expect(isMemberMuted({ muteEndTime: 1000 }, 1000)).toBe(false);
    expect(isMemberMuted({ muteEndTime: 0 }, 1000)).toBe(false);
    expect(remainingMuteMs({ muteEndTime: 1500 }, 1000)).toBe(500);
    expect(remainingMuteMs({ muteEndTime: 500 }, 1000)).toBe(0);
  });

  it('§4 unmuting sets mutedSeconds to 0; a mute ends seconds after now', () => {
    expect(UNMUTE_SECONDS).toBe(0);
    expect(muteEndTimeAfter(1_000, 300)).toBe(301_000);
  });

  it('§4 fixed choices 300 ... 604800 seconds, or permanent (315360000)', () => {
    expect(MUTE_DURATION_OPTIONS.map((o) => o.seconds)).toEqual([
      ...MUTE_DURATIONS_SECONDS,
      PERMANENT_MUTE_SECONDS,
    ]);
    expect(MUTE_DURATION_OPTIONS.map((o) => formatMuteDuration(o.seconds, 'en-US'))).toEqual([
      '5 minutes',
      '10 minutes',
      '30 minutes',
      '1 hour',
      '6 hours',
      '12 hours',
      '1 day',
      '7 days',
      'Permanent',
    ]);
    expect(MUTE_DURATION_OPTIONS.map((o) => formatMuteDuration(o.seconds, 'zh-CN'))).toEqual([
      '5分钟',
      '10分钟',
      '30分钟',
      '1小时',
      '6小时',
      '12小时',
      '1天',
      '7天',
      '永久',
    ]);
    expect(isPermanentMute(PERMANENT_MUTE_SECONDS)).toBe(true);
    expect(isPermanentMute(604_800)).toBe(false);
  });

  it('§4 durations that are not whole units fall back to smaller units', () => {
    expect(muteDurationText(60)).toEqual({ i18nKey: 'duration.minute', params: { count: 1 } });
    expect(muteDurationText(90)).toEqual({ i18nKey: 'duration.seconds', params: { count: 90 } });
    expect(muteDurationText(0)).toEqual({ i18nKey: 'duration.seconds', params: { count: 0 } });
    expect(formatMuteDuration(172_800, 'en-US')).toBe('2 days');
  });
});
