import { describe, expect, it } from 'vitest';
import { conversation } from '../testing/builders';
import { activeSince } from './conversation';

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
