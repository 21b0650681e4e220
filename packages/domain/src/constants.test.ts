import { describe, expect, it } from 'vitest';
import {
  APP_VERSION,
  DATA_CACHE,
  dataCacheRetryDelayMs,
  MEMBER_PREVIEW,
  MUTE_DURATIONS_SECONDS,
  PAGING,
  PERMANENT_MUTE_SECONDS,
  pinnedMessagesStorageKey,
  SDK_VERSION,
  TIMINGS_MS,
} from './constants';

describe('§9 Business constants and limits', () => {
  it('§3 pinned messages are stored under pinned_message_ plus the conversationID', () => {
    expect(pinnedMessagesStorageKey('sg_g1')).toBe('pinned_message_sg_g1');
  });

  it('§9 data cache retry delay doubles from 1 s up to 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(dataCacheRetryDelayMs)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
    expect(dataCacheRetryDelayMs(0)).toBe(1000);
    expect(DATA_CACHE.retries).toBe(3);
  });

  it('§9 mute durations are ascending and below permanent', () => {
    const sorted = [...MUTE_DURATIONS_SECONDS].sort((a, b) => a - b);
    expect(MUTE_DURATIONS_SECONDS).toEqual(sorted);
    expect(Math.max(...MUTE_DURATIONS_SECONDS)).toBeLessThan(PERMANENT_MUTE_SECONDS);
  });

  it('§9 paging and timing values keep their documented relations', () => {
    expect(PAGING.friendListFirst).toBeGreaterThan(PAGING.friendListNext);
    expect(PAGING.groupMemberFirst).toBeGreaterThan(PAGING.groupMemberNext);
    expect(TIMINGS_MS.readMarkDebounce).toBeGreaterThan(TIMINGS_MS.searchDebounce);
    expect(MEMBER_PREVIEW.forNormalMember - MEMBER_PREVIEW.forAdminOrOwner).toBe(1);
  });
});

describe('§1/§9 Versions', () => {
  it('the product and the messaging SDK are both v3.8.3', () => {
    expect(APP_VERSION).toBe('v3.8.3');
    expect(SDK_VERSION).toBe('v3.8.3');
  });
});
