import { describe, expect, it } from 'vitest';
import { ContentType, SessionType } from '../entities/message';
import { conversation, message } from '../testing/builders';
import {
  compareMessagesInConversation,
  isMessageForConversation,
  isWithinResumeSuppression,
  orderMessages,
} from './message-flow';

const at = (sendTime: number, seq?: number) => (seq === undefined ? { sendTime } : { sendTime, seq });

describe('§4 messages of the same time are ordered by the server seq, unsent ones last', () => {
  it('a lower seq comes first, whichever side it is on', () => {
    expect(compareMessagesInConversation(at(5_000, 3), at(5_000, 8))).toBe(-1);
    expect(compareMessagesInConversation(at(5_000, 8), at(5_000, 3))).toBe(1);
    expect(compareMessagesInConversation(at(5_000, 1), at(5_000, 2))).toBe(-1);
    expect(compareMessagesInConversation(at(5_000, 2), at(5_000, 1))).toBe(1);
  });

  it('the same seq (the same message seen twice) is a tie', () => {
    expect(compareMessagesInConversation(at(5_000, 4), at(5_000, 4))).toBe(0);
    expect(compareMessagesInConversation(at(5_000, 1), at(5_000, 1))).toBe(0);
  });

  it('a message without a seq, or with seq 0, comes after one with a seq, on either side', () => {
    for (const unsent of [at(5_000), at(5_000, 0), at(5_000, -1)]) {
      expect(compareMessagesInConversation(at(5_000, 9), unsent)).toBe(-1);
      expect(compareMessagesInConversation(unsent, at(5_000, 9))).toBe(1);
      expect(compareMessagesInConversation(at(5_000, 1), unsent)).toBe(-1);
      expect(compareMessagesInConversation(unsent, at(5_000, 1))).toBe(1);
    }
  });

  it('two messages without a seq are a tie, so they keep the order they came in', () => {
    expect(compareMessagesInConversation(at(5_000), at(5_000, 0))).toBe(0);
    expect(compareMessagesInConversation(at(5_000, 0), at(5_000))).toBe(0);
    const first = { sendTime: 0, createTime: 7_000, clientMsgID: 'first' };
    const second = { sendTime: 0, createTime: 7_000, clientMsgID: 'second' };
    expect(orderMessages([first, second]).map((m) => m.clientMsgID)).toEqual(['first', 'second']);
    expect(orderMessages([second, first]).map((m) => m.clientMsgID)).toEqual(['second', 'first']);
  });

  it('a list of one time is ordered by seq with the unsent ones at the end in arrival order', () => {
    const list = [
      { sendTime: 9_000, seq: 12, clientMsgID: 'c' },
      { sendTime: 9_000, clientMsgID: 'x' },
      { sendTime: 9_000, seq: 10, clientMsgID: 'a' },
      { sendTime: 9_000, seq: 0, clientMsgID: 'y' },
      { sendTime: 9_000, seq: 11, clientMsgID: 'b' },
    ];
    expect(orderMessages(list).map((m) => m.clientMsgID)).toEqual(['a', 'b', 'c', 'x', 'y']);
  });
});

describe('§4 a note to self belongs to the self conversation only', () => {
  it('a message from the user to themselves is in the self conversation, not in a chat with someone else', () => {
    const self = conversation({ conversationID: 'si_me_me', userID: 'me' });
    const withAlice = conversation({ conversationID: 'si_alice_me', userID: 'alice' });
    const note = message({ contentType: 101, sendID: 'me', recvID: 'me' });
    expect(isMessageForConversation(note, self, 'me')).toBe(true);
    expect(isMessageForConversation(note, withAlice, 'me')).toBe(false);
    expect(
      isMessageForConversation(message({ contentType: 101, sendID: 'me', recvID: 'alice' }), self, 'me'),
    ).toBe(false);
    expect(
      isMessageForConversation(message({ contentType: 101, sendID: 'alice', recvID: 'me' }), self, 'me'),
    ).toBe(false);
    const groupNote = message({
      contentType: 101,
      sendID: 'me',
      recvID: 'me',
      sessionType: SessionType.Group,
    });
    expect(isMessageForConversation(groupNote, self, 'me')).toBe(false);
  });
});

describe('§4 resume suppression is measured from a real resume time', () => {
  it('from a wall-clock resume, the 5 s window ends exactly 5000 ms later', () => {
    const resumedAt = 1_700_000_000_000;
    expect(isWithinResumeSuppression(resumedAt, resumedAt)).toBe(true);
    expect(isWithinResumeSuppression(resumedAt, resumedAt + 4_999)).toBe(true);
    expect(isWithinResumeSuppression(resumedAt, resumedAt + 5_000)).toBe(false);
    expect(isWithinResumeSuppression(undefined, resumedAt)).toBe(false);
    expect(isWithinResumeSuppression(undefined, 0)).toBe(false);
  });
});

describe('orderMessages: a list already in order', () => {
  const at = (id: string, sendTime: number, seq: number) =>
    message({ clientMsgID: id, sendTime, seq, contentType: ContentType.Text });

  it('is returned as it is, not copied (a page of older history joined to a long one)', () => {
    const list = [at('a', 1_000, 1), at('b', 2_000, 2), at('c', 2_000, 3), at('d', 3_000, 4)];
    expect(orderMessages(list)).toBe(list);
  });

  it('messages that tie (same time, no seq yet) are in order too, and come back as they are', () => {
    const tie = [
      message({ clientMsgID: 'x', sendTime: 0, createTime: 5_000, contentType: ContentType.Text }),
      message({ clientMsgID: 'y', sendTime: 0, createTime: 5_000, contentType: ContentType.Text }),
    ];
    expect(orderMessages(tie)).toBe(tie);
  });

  it('one message out of place gives a sorted copy and leaves the list as it was', () => {
    const list = [at('a', 1_000, 1), at('c', 3_000, 3), at('b', 2_000, 2), at('d', 4_000, 4)];
    const ordered = orderMessages(list);
    expect(ordered).not.toBe(list);
    expect(ordered.map((m) => m.clientMsgID)).toEqual(['a', 'b', 'c', 'd']);
    expect(list.map((m) => m.clientMsgID)).toEqual(['a', 'c', 'b', 'd']);
  });

  it('only the last pair out of order is found too', () => {
    const list = [at('a', 1_000, 1), at('b', 2_000, 2), at('d', 4_000, 4), at('c', 3_000, 3)];
    expect(orderMessages(list).map((m) => m.clientMsgID)).toEqual(['a', 'b', 'c', 'd']);
  });
});
