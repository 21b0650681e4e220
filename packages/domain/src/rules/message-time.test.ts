import { describe, expect, it } from 'vitest';
import { messageTime } from './message-flow';

describe('messageTime: the instant a message sorts and shows by (§4)', () => {
  it('is the server send time once the server has accepted the message', () => {
    expect(messageTime({ sendTime: 1_700_000_500_000, createTime: 1_700_000_000_000 })).toBe(
      1_700_000_500_000,
    );
  });

  it('is the creation time while the send time is still unknown (sending or failed)', () => {
    expect(messageTime({ sendTime: 0, createTime: 1_700_000_000_000 })).toBe(1_700_000_000_000);
  });

  it('is 0 when neither is known', () => {
    expect(messageTime({ sendTime: 0 })).toBe(0);
  });
});
