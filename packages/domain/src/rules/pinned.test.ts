import { describe, expect, it } from 'vitest';
import { ContentType } from '../entities/message';
import { message } from '../testing/builders';
import { addPinnedMessage, isPinned, nextPinnedIndex, removePinnedMessage } from './pinned';

const m1 = message({ contentType: ContentType.Text, clientMsgID: 'm1' });
const m2 = message({ contentType: ContentType.Text, clientMsgID: 'm2' });

describe('§3/§4 Pinned messages', () => {
  it('§3 pins are kept newest first, with who pinned and when', () => {
    const once = addPinnedMessage([], m1, 'me', 100);
    const twice = addPinnedMessage(once, m2, 'bob', 200);
    expect(twice.map((m) => m.clientMsgID)).toEqual(['m2', 'm1']);
    expect(twice[0]).toMatchObject({ isPinned: true, pinnedBy: 'bob', pinnedTime: 200 });
    expect(isPinned(twice, 'm1')).toBe(true);
    expect(isPinned(twice, 'm3')).toBe(false);
  });

  it('§4 pin is allowed only when not already pinned (the list is unchanged)', () => {
    const list = addPinnedMessage([], m1, 'me', 100);
    expect(addPinnedMessage(list, m1, 'bob', 300)).toBe(list);
  });

  it('§4 unpin, revoke and delete remove the message from the pinned list', () => {
    const list = addPinnedMessage(addPinnedMessage([], m1, 'me', 1), m2, 'me', 2);
    expect(removePinnedMessage(list, 'm2').map((m) => m.clientMsgID)).toEqual(['m1']);
    expect(removePinnedMessage(list, 'zz')).toEqual(list);
  });

  it('§2 clicking the banner cycles through the pinned messages', () => {
    expect(nextPinnedIndex(0, 3)).toBe(1);
    expect(nextPinnedIndex(2, 3)).toBe(0);
    expect(nextPinnedIndex(5, 3)).toBe(0);
    expect(nextPinnedIndex(0, 0)).toBe(0);
    expect(nextPinnedIndex(-2, 3)).toBe(2);
  });
});
