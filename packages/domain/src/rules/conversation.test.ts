import { describe, expect, it } from 'vitest';
import { SessionType } from '../entities/message';
import { conversation } from '../testing/builders';
import {
  activeSince,
  compareConversations,
  compareUtf8,
  conversationIDFor,
  conversationSortTime,
  groupConversationID,
  isGroupConversation,
  isGroupSession,
  keepUnchanged,
  mergeConversations,
  singleConversationID,
} from './conversation';

describe('§4 Conversations: de-duplication and ordering', () => {
  it('§4 sorts by the later of draft time and last message time', () => {
    expect(conversationSortTime({ draftTextTime: 50, latestMsgSendTime: 10 })).toBe(50);
    expect(conversationSortTime({ draftTextTime: 0, latestMsgSendTime: 10 })).toBe(10);
  });

  it('§4 pinned first, then newest first', () => {
    const old = conversation({ conversationID: 'old', latestMsgSendTime: 10 });
    const fresh = conversation({ conversationID: 'fresh', latestMsgSendTime: 30 });
    const drafted = conversation({ conversationID: 'drafted', latestMsgSendTime: 5, draftTextTime: 40 });
    const pinnedOld = conversation({ conversationID: 'pinnedOld', latestMsgSendTime: 1, isPinned: true });
    const pinnedNew = conversation({ conversationID: 'pinnedNew', latestMsgSendTime: 2, isPinned: true });
    const sorted = mergeConversations([old, fresh, drafted, pinnedOld, pinnedNew]);
    expect(sorted.map((c) => c.conversationID)).toEqual([
      'pinnedNew',
      'pinnedOld',
      'drafted',
      'fresh',
      'old',
    ]);
    expect(compareConversations(old, old)).toBe(0);
  });

  it('§4 the list is de-duplicated by id; an update replaces the entry, a new id is added', () => {
    const a = conversation({ conversationID: 'a', latestMsgSendTime: 10 });
    const b = conversation({ conversationID: 'b', latestMsgSendTime: 20 });
    const aUpdated = { ...a, latestMsgSendTime: 30, unreadCount: 2 };
    const c = conversation({ conversationID: 'c', latestMsgSendTime: 5 });
    const merged = mergeConversations([a, b, a], [aUpdated, c]);
    expect(merged.map((x) => x.conversationID)).toEqual(['a', 'b', 'c']);
    expect(merged[0]).toBe(aUpdated);
    expect(mergeConversations([])).toEqual([]);
  });

  it('§6 session types group and working group both count as group chats', () => {
    expect(isGroupSession(SessionType.Group)).toBe(true);
    expect(isGroupSession(SessionType.WorkingGroup)).toBe(true);
    expect(isGroupSession(SessionType.Single)).toBe(false);
    expect(isGroupSession(SessionType.Notification)).toBe(false);
    expect(
      isGroupConversation(conversation({ conversationID: 'sg_g', conversationType: SessionType.Group })),
    ).toBe(true);
  });
});

describe('§4 Conversations: which incoming entries are newer than the list shows', () => {
  // The list as shown: activity at 100 (message), 400 (draft, later than its message at 120) and 250.
  const shown = [
    conversation({ conversationID: 'a', latestMsgSendTime: 100 }),
    conversation({ conversationID: 'b', latestMsgSendTime: 120, draftTextTime: 400 }),
    conversation({ conversationID: 'c', latestMsgSendTime: 250 }),
  ];
  const aNewer = conversation({ conversationID: 'a', latestMsgSendTime: 101, unreadCount: 1 });
  // A later message than the list's copy, but earlier than that copy's draft: older activity.
  const bOlder = conversation({ conversationID: 'b', latestMsgSendTime: 300 });
  const cSame = conversation({ conversationID: 'c', latestMsgSendTime: 200, draftTextTime: 250 });
  const fresh = conversation({ conversationID: 'd', latestMsgSendTime: 5 });
  const incoming = [aNewer, bOlder, cSame, fresh];

  it('newer: only ids the list lacks and entries with strictly later activity, in incoming order', () => {
    expect(activeSince(shown, incoming, 'newer')).toEqual([aNewer, fresh]);
  });

  it('notOlder: equally recent copies count too (the SDK copy replaces the server one)', () => {
    expect(activeSince(shown, incoming, 'notOlder')).toEqual([aNewer, cSame, fresh]);
  });

  it('an entry one millisecond older than the shown copy is left out under both rules', () => {
    const aOlder = conversation({ conversationID: 'a', latestMsgSendTime: 99 });
    expect(activeSince(shown, [aOlder], 'newer')).toEqual([]);
    expect(activeSince(shown, [aOlder], 'notOlder')).toEqual([]);
  });

  it('against an empty list every incoming entry is new; nothing incoming gives nothing', () => {
    expect(activeSince([], incoming, 'newer')).toEqual(incoming);
    expect(activeSince([], incoming, 'notOlder')).toEqual(incoming);
    expect(activeSince(shown, [], 'notOlder')).toEqual([]);
  });
});

describe('§3 Conversation ids (OpenIM convention)', () => {
  it('§3 one-to-one ids sort the two user ids byte-wise', () => {
    expect(singleConversationID('bob', 'alice')).toBe('si_alice_bob');
    expect(singleConversationID('alice', 'bob')).toBe('si_alice_bob');
    expect(singleConversationID('same', 'same')).toBe('si_same_same');
    // U+FF5E sorts before U+1F600 in UTF-8 and code points, but after it in UTF-16 units.
    expect(singleConversationID('😀', '～')).toBe('si_～_😀');
    expect(compareUtf8('ab', 'abc')).toBeLessThan(0);
    expect(compareUtf8('abc', 'ab')).toBeGreaterThan(0);
  });

  it('§3 group ids use the sg_ prefix; the id follows the session type', () => {
    expect(groupConversationID('g1')).toBe('sg_g1');
    expect(conversationIDFor(SessionType.Group, 'me', 'g1')).toBe('sg_g1');
    expect(conversationIDFor(SessionType.Single, 'me', 'bob')).toBe('si_bob_me');
  });
});

describe('§4 Conversations: a reload keeps what did not change', () => {
  const a = conversation({ conversationID: 'a', latestMsgSendTime: 10, latestMsg: '{"x":1}' });
  const b = conversation({ conversationID: 'b', latestMsgSendTime: 20 });

  it('an equal copy gives way to the object the list holds; a changed or new one is taken', () => {
    const aAgain = { ...a };
    const bChanged = { ...b, unreadCount: 3 };
    const c = conversation({ conversationID: 'c' });
    const kept = keepUnchanged([a, b], [aAgain, bChanged, c]);
    expect(kept[0]).toBe(a);
    expect(kept[1]).toBe(bChanged);
    expect(kept[2]).toBe(c);
  });

  it('a field present on one copy only is a change', () => {
    const drafted = { ...a, draftText: 'hi' };
    expect(keepUnchanged([a], [drafted])[0]).toBe(drafted);
    expect(keepUnchanged([drafted], [{ ...a }])[0]).not.toBe(drafted);
  });
});
