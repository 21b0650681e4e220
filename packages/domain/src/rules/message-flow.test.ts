import { describe, expect, it } from 'vitest';
import { ContentType, MessageStatus, SessionType } from '../entities/message';
import { conversation, message } from '../testing/builders';
import { buildCallSignalData, buildRedPacketData, parseCustomData } from './custom-message';
import { buildMeetingCardData, buildMeetingUpdateData } from './meeting';
import {
  canResendMessage,
  compareMessagesInConversation,
  orderMessages,
  forwardResultToast,
  isAppendableIncoming,
  isFailed,
  isForwardable,
  isMessageForConversation,
  isNotificationMessage,
  isRedPacketMessage,
  isWithinResumeSuppression,
  messageConversationID,
  messagePeerOf,
  shouldShowSendingSpinner,
} from './message-flow';

const invitation = {
  roomID: 'r1',
  inviterUserID: 'a',
  inviteeUserIDList: ['b'],
  mediaType: 'video' as const,
};
const custom = (data: string) =>
  message({
    contentType: ContentType.Custom,
    customElem: { data, description: '', extension: '', payload: parseCustomData(data) },
  });
const at = (sendTime: number, seq?: number) => (seq === undefined ? { sendTime } : { sendTime, seq });

describe('§4 Messages: incoming', () => {
  const single = conversation({ conversationID: 'si_alice_me', userID: 'alice' });
  const group = conversation({ conversationID: 'sg_g1', conversationType: SessionType.Group, groupID: 'g1' });

  it('§4 incoming messages go to the open list only if from or for the current conversation', () => {
    expect(
      isMessageForConversation(message({ contentType: 101, sendID: 'alice', recvID: 'me' }), single, 'me'),
    ).toBe(true);
    expect(
      isMessageForConversation(message({ contentType: 101, sendID: 'me', recvID: 'alice' }), single, 'me'),
    ).toBe(true);
    expect(
      isMessageForConversation(message({ contentType: 101, sendID: 'bob', recvID: 'me' }), single, 'me'),
    ).toBe(false);
    const inGroup = message({ contentType: 101, sessionType: SessionType.Group, groupID: 'g1', recvID: '' });
    expect(isMessageForConversation(inGroup, group, 'me')).toBe(true);
    expect(isMessageForConversation({ ...inGroup, groupID: 'g2' }, group, 'me')).toBe(false);
    expect(isMessageForConversation(inGroup, single, 'me')).toBe(false);
    expect(isMessageForConversation(message({ contentType: 101 }), group, 'me')).toBe(false);
    const self = conversation({ conversationID: 'si_me_me', userID: 'me' });
    expect(
      isMessageForConversation(message({ contentType: 101, sendID: 'me', recvID: 'me' }), self, 'me'),
    ).toBe(true);
  });

  it('§4 typing and revoke content are not appended; call-invite custom messages are skipped', () => {
    expect(isAppendableIncoming(message({ contentType: ContentType.Typing }))).toBe(false);
    expect(isAppendableIncoming(message({ contentType: ContentType.Revoke }))).toBe(false);
    expect(isAppendableIncoming(custom(buildCallSignalData(200, invitation)))).toBe(false);
    expect(isAppendableIncoming(custom(buildRedPacketData('r', 'hi')))).toBe(true);
    expect(isAppendableIncoming(message({ contentType: ContentType.Text }))).toBe(true);
  });

  it('§4 incoming messages are suppressed for 5 s after app resume', () => {
    expect(isWithinResumeSuppression(undefined, 1_000)).toBe(false);
    expect(isWithinResumeSuppression(1_000, 5_999)).toBe(true);
    expect(isWithinResumeSuppression(1_000, 6_000)).toBe(false);
  });

  it('from a wall-clock resume, the 5 s window ends exactly 5000 ms later', () => {
    const resumedAt = 1_700_000_000_000;
    expect(isWithinResumeSuppression(resumedAt, resumedAt)).toBe(true);
    expect(isWithinResumeSuppression(resumedAt, resumedAt + 4_999)).toBe(true);
    expect(isWithinResumeSuppression(resumedAt, resumedAt + 5_000)).toBe(false);
    expect(isWithinResumeSuppression(undefined, resumedAt)).toBe(false);
    expect(isWithinResumeSuppression(undefined, 0)).toBe(false);
  });
});

describe('§4 Messages: sending and forwarding', () => {
  it('§4 a spinner shows if it is still sending after 1 s; failure shows the warning', () => {
    const sending = { status: MessageStatus.Sending };
    // A real wall-clock start: the delay is measured from it, not from zero.
    const startedAt = 1_700_000_000_000;
    expect(shouldShowSendingSpinner(sending, startedAt, startedAt)).toBe(false);
    expect(shouldShowSendingSpinner(sending, startedAt, startedAt + 999)).toBe(false);
    expect(shouldShowSendingSpinner(sending, startedAt, startedAt + 1_000)).toBe(true);
    expect(shouldShowSendingSpinner(sending, startedAt, startedAt + 60_000)).toBe(true);
    expect(shouldShowSendingSpinner({ status: MessageStatus.Succeeded }, startedAt, startedAt + 5_000)).toBe(
      false,
    );
    expect(shouldShowSendingSpinner({ status: MessageStatus.Failed }, startedAt, startedAt + 5_000)).toBe(
      false,
    );
    expect(isFailed({ status: MessageStatus.Failed })).toBe(true);
    expect(isFailed(sending)).toBe(false);
  });

  it('§4 forward: unsupported content types count as failed', () => {
    for (const type of [
      ContentType.Text,
      ContentType.AtText,
      ContentType.Picture,
      ContentType.Video,
      ContentType.File,
      ContentType.Quote,
    ]) {
      expect(isForwardable({ contentType: type })).toBe(true);
    }
    for (const type of [
      ContentType.Custom,
      ContentType.Typing,
      ContentType.Revoke,
      ContentType.GroupCreated,
    ]) {
      expect(isForwardable({ contentType: type })).toBe(false);
    }
  });

  it("§8 'forward succeeded to n conversations, m failed', or 'forward failed'", () => {
    expect(forwardResultToast({ succeeded: 2, failed: 1 })).toEqual({
      i18nKey: 'toast.forwardSummary',
      params: { success: 2, failed: 1 },
    });
    expect(forwardResultToast({ succeeded: 0, failed: 3 })).toEqual({ i18nKey: 'toast.forwardFailed' });
    expect(forwardResultToast({ succeeded: 0, failed: 3 }, true)).toEqual({
      i18nKey: 'toast.forwardFailedNetwork',
    });
  });

  it('§3 recognises notifications and red packets', () => {
    expect(isNotificationMessage({ contentType: ContentType.MemberKicked })).toBe(true);
    expect(isNotificationMessage({ contentType: ContentType.Revoke })).toBe(true);
    expect(isNotificationMessage({ contentType: ContentType.Text })).toBe(false);
    expect(isRedPacketMessage(custom(buildRedPacketData('r', 'hi')))).toBe(true);
    expect(isRedPacketMessage(custom(buildCallSignalData(201, invitation)))).toBe(false);
    expect(isRedPacketMessage(message({ contentType: ContentType.Custom }))).toBe(false);
  });

  it('§4 a failed message may be resent by hand, but not a meeting card or change: only its end', () => {
    const failed = (data: string) => ({ ...custom(data), status: MessageStatus.Failed });
    const card = buildMeetingCardData({
      meetingID: 'm1',
      roomID: 'meeting-m1',
      kind: 'quick',
      title: 'Sync',
      hostUserID: 'a',
      startTime: 1_700_000_000_000,
      durationMinutes: 60,
      description: '',
      inviteeUserIDs: [],
    });
    const update = (action: 'started' | 'cancelled') =>
      buildMeetingUpdateData({ meetingID: 'm1', action, at: 1_700_000_000_000 });
    const ended = buildMeetingUpdateData({
      meetingID: 'm1',
      action: 'ended',
      at: 1_700_000_000_000,
      participantUserIDs: ['a'],
      durationSeconds: 60,
    });
    expect(
      canResendMessage({ ...message({ contentType: ContentType.Text }), status: MessageStatus.Failed }),
    ).toBe(true);
    expect(canResendMessage(failed(buildRedPacketData('r', 'hi')))).toBe(true);
    expect(canResendMessage(failed(ended))).toBe(true);
    expect(canResendMessage(failed(card))).toBe(false);
    expect(canResendMessage(failed(update('started')))).toBe(false);
    expect(canResendMessage(failed(update('cancelled')))).toBe(false);
    expect(
      canResendMessage({ ...message({ contentType: ContentType.Text }), status: MessageStatus.Succeeded }),
    ).toBe(false);
    expect(
      canResendMessage({ ...message({ contentType: ContentType.Text }), status: MessageStatus.Sending }),
    ).toBe(false);
  });
});

describe('§4 Messages: order within a conversation', () => {
  it('messages of the same send time read in seq order, whatever order they came in', () => {
    const a = message({ contentType: ContentType.Text, clientMsgID: 'a', sendTime: 1000, seq: 7 });
    const b = message({ contentType: ContentType.Text, clientMsgID: 'b', sendTime: 1000, seq: 8 });
    const c = message({ contentType: ContentType.Text, clientMsgID: 'c', sendTime: 1000, seq: 9 });
    expect(orderMessages([c, b, a]).map((m) => m.clientMsgID)).toEqual(['a', 'b', 'c']);
    expect(compareMessagesInConversation(a, b)).toBeLessThan(0);
  });

  it('time comes first; messages without a seq follow those with one and keep their order', () => {
    const older = message({ contentType: ContentType.Text, clientMsgID: 'older', sendTime: 900, seq: 20 });
    const stored = message({ contentType: ContentType.Text, clientMsgID: 'stored', sendTime: 1000, seq: 3 });
    const pending1 = message({
      contentType: ContentType.Text,
      clientMsgID: 'p1',
      sendTime: 0,
      createTime: 1000,
    });
    const pending2 = message({
      contentType: ContentType.Text,
      clientMsgID: 'p2',
      sendTime: 0,
      createTime: 1000,
      seq: 0,
    });
    expect(orderMessages([pending1, stored, pending2, older]).map((m) => m.clientMsgID)).toEqual([
      'older',
      'stored',
      'p1',
      'p2',
    ]);
  });
});

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

describe('§4 Messages: which one-to-one conversation a message belongs to', () => {
  const withBob = conversation({ conversationID: 'si_bob_me', userID: 'bob' });
  const noteToSelf = conversation({ conversationID: 'si_me_me', userID: 'me' });
  const text = (sendID: string, recvID: string, sessionType: SessionType = SessionType.Single) =>
    message({ contentType: ContentType.Text, sendID, recvID, sessionType });

  it('§4 only messages between the peer and self, in either direction', () => {
    expect(isMessageForConversation(text('bob', 'me'), withBob, 'me')).toBe(true);
    expect(isMessageForConversation(text('me', 'bob'), withBob, 'me')).toBe(true);
    expect(isMessageForConversation(text('carol', 'me'), withBob, 'me')).toBe(false);
    expect(isMessageForConversation(text('me', 'carol'), withBob, 'me')).toBe(false);
    expect(isMessageForConversation(text('bob', 'carol'), withBob, 'me')).toBe(false);
    expect(isMessageForConversation(text('carol', 'bob'), withBob, 'me')).toBe(false);
    // A group message never shows in a one-to-one chat, whoever its ids name.
    expect(isMessageForConversation(text('bob', 'me', SessionType.Group), withBob, 'me')).toBe(false);
  });

  it('§4 a note to self holds only messages from self to self', () => {
    expect(isMessageForConversation(text('me', 'me'), noteToSelf, 'me')).toBe(true);
    expect(isMessageForConversation(text('me', 'bob'), noteToSelf, 'me')).toBe(false);
    expect(isMessageForConversation(text('bob', 'me'), noteToSelf, 'me')).toBe(false);
    expect(isMessageForConversation(text('me', 'me'), withBob, 'me')).toBe(false);
  });

  it('§4 a red packet is a custom message: other content types carrying its data are not', () => {
    const data = buildRedPacketData('r', 'hi');
    expect(
      isRedPacketMessage(
        message({
          contentType: ContentType.Text,
          customElem: { data, description: '', extension: '', payload: parseCustomData(data) },
        }),
      ),
    ).toBe(false);
  });

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

describe('§4 the conversation of a message', () => {
  it("is the peer's one-to-one conversation from either side, and the group's for a group message", () => {
    const fromBob = { sessionType: SessionType.Single, sendID: 'bob', recvID: 'alice', groupID: '' };
    expect(messagePeerOf(fromBob, 'alice')).toBe('bob');
    expect(messagePeerOf(fromBob, 'bob')).toBe('alice');
    expect(messageConversationID(fromBob, 'alice')).toBe('si_alice_bob');
    expect(messageConversationID(fromBob, 'bob')).toBe('si_alice_bob');
    const inTeam = { sessionType: SessionType.Group, sendID: 'bob', recvID: '', groupID: 'g1' };
    expect(messageConversationID(inTeam, 'alice')).toBe('sg_g1');
  });

  it('cannot be told without the own id, a peer or a group id', () => {
    const fromBob = { sessionType: SessionType.Single, sendID: 'bob', recvID: 'alice', groupID: '' };
    expect(messageConversationID(fromBob, '')).toBe('');
    expect(messageConversationID({ ...fromBob, sendID: 'alice', recvID: '' }, 'alice')).toBe('');
    expect(
      messageConversationID(
        { sessionType: SessionType.Group, groupID: '', sendID: 'bob', recvID: '' },
        'alice',
      ),
    ).toBe('');
  });
});
