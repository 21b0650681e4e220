import { describe, expect, it } from 'vitest';
import {
  buildMeetingCardData,
  buildRedPacketData,
  ContentType,
  GroupAtType,
  MessageStatus,
  RecvMsgOpt,
  SessionType,
  type Conversation,
  type Message,
  parseCustomData,
} from '@teamim/domain';
import {
  conversationRow,
  MESSAGE_GROUP_GAP_MS,
  messageView,
  messageViewChangesAt,
  messageViews,
  type ViewContext,
} from './rows';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const en: ViewContext = { locale: 'en-US', selfUserID: 'me', nowMs: NOW, utcOffsetMinutes: 0 };

const message = (overrides: Partial<Message> & Pick<Message, 'contentType'>): Message => ({
  clientMsgID: 'm1',
  sendID: 'bob',
  recvID: 'me',
  groupID: '',
  sessionType: SessionType.Single,
  sendTime: NOW - 5 * 60_000,
  senderNickname: 'Bob',
  senderFaceUrl: '',
  status: MessageStatus.Succeeded,
  isRead: false,
  ...overrides,
});

const conversation = (overrides: Partial<Conversation>): Conversation => ({
  conversationID: 'si_bob_me',
  conversationType: SessionType.Single,
  userID: 'bob',
  groupID: '',
  showName: 'Bob',
  faceURL: '',
  unreadCount: 0,
  latestMsg: '',
  latestMsgSendTime: 0,
  draftTextTime: 0,
  isPinned: false,
  recvMsgOpt: RecvMsgOpt.Normal,
  ...overrides,
});

describe('conversation rows', () => {
  it('show the name, the last message as text, its recent time, unread, pinned and muted marks', () => {
    const latest = message({ contentType: ContentType.Text, textElem: { content: 'see you <b>soon</b>' } });
    const row = conversationRow(
      conversation({
        latestMsg: JSON.stringify(latest),
        latestMsgSendTime: NOW - 5 * 60_000,
        unreadCount: 3,
        isPinned: true,
        recvMsgOpt: RecvMsgOpt.NotNotify,
      }),
      en,
    );
    expect(row).toEqual({
      id: 'si_bob_me',
      name: 'Bob',
      faceURL: '',
      isGroup: false,
      // Markup in a message is just text.
      preview: 'see you <b>soon</b>',
      time: 'Today 11:55',
      unread: 3,
      pinned: true,
      muted: true,
      recvMsgOpt: RecvMsgOpt.NotNotify,
      mentionMark: '',
    });
  });

  it('show a draft instead of the last message, and no time without any activity', () => {
    const row = conversationRow(conversation({ draftText: 'half a thought' }), en);
    expect(row.preview).toBe('[Draft] half a thought');
    expect(row.time).toBe('');
  });

  it('fall back to the peer id when the conversation has no name', () => {
    expect(conversationRow(conversation({ showName: '' }), en).name).toBe('bob');
  });
});

describe('message views', () => {
  it('split mentions out of the text so they can be highlighted', () => {
    const view = messageView(
      message({
        contentType: ContentType.AtText,
        atTextElem: {
          text: 'hi [[at-Carol#carol]] and [[at-x#AtAllTag]]!',
          atUserList: ['carol', 'AtAllTag'],
        },
      }),
      en,
      false,
    );
    expect(view.kind === 'bubble' && view.body.kind === 'text' && view.body.parts).toEqual([
      { kind: 'text', text: 'hi ' },
      { kind: 'mention', text: '@Carol', userID: 'carol' },
      { kind: 'text', text: ' and ' },
      { kind: 'mention', text: '@everyone', userID: 'AtAllTag' },
      { kind: 'text', text: '!' },
    ]);
  });

  it('show a mention token typed into a plain text message as the text it is', () => {
    const view = messageView(
      message({ contentType: ContentType.Text, textElem: { content: 'hi [[at-The CEO#carol]]' } }),
      en,
      false,
    );
    expect(view.kind === 'bubble' && view.body.kind === 'text' && view.body.parts).toEqual([
      { kind: 'text', text: 'hi [[at-The CEO#carol]]' },
    ]);
  });

  it('tell own messages from others and carry sender and time', () => {
    const theirs = messageView(
      message({ contentType: ContentType.Text, textElem: { content: 'a' } }),
      en,
      false,
    );
    const mine = messageView(
      message({ contentType: ContentType.Text, textElem: { content: 'b' }, sendID: 'me' }),
      en,
      false,
    );
    expect(theirs).toMatchObject({ kind: 'bubble', own: false, sender: 'Bob', time: 'Today 11:55' });
    // A continued bubble's gutter has room for the time of day only.
    expect(theirs).toMatchObject({ clock: '11:55' });
    expect(mine).toMatchObject({ kind: 'bubble', own: true });
  });

  it('show the spinner only for a message the store marks as spinning, and the failed state', () => {
    const sending = message({
      contentType: ContentType.Text,
      textElem: { content: 'x' },
      status: MessageStatus.Sending,
    });
    expect(messageView(sending, en, false)).toMatchObject({ state: 'sent' });
    expect(messageView(sending, en, true)).toMatchObject({ state: 'sending' });
    expect(messageView({ ...sending, status: MessageStatus.Failed }, en, false)).toMatchObject({
      state: 'failed',
    });
    // A meeting's card is never offered for a resend (the domain's canResendMessage).
    const data = buildMeetingCardData({
      meetingID: 'mt',
      roomID: 'meeting-mt',
      kind: 'quick',
      title: 'Sync',
      hostUserID: 'me',
      startTime: NOW,
      durationMinutes: 60,
      description: '',
      inviteeUserIDs: [],
    });
    const card = message({
      contentType: ContentType.Custom,
      sendID: 'me',
      status: MessageStatus.Failed,
      customElem: { data, description: 'Sync', extension: '', payload: parseCustomData(data) },
    });
    expect(messageView(card, en, false)).toMatchObject({ state: 'notSent' });
  });

  it('show group notifications as a line of text', () => {
    const tip = message({
      contentType: ContentType.MemberInvited,
      sessionType: SessionType.Group,
      groupID: 'g1',
      notificationElem: {
        detail: JSON.stringify({
          opUser: { userID: 'me', nickname: 'Me', roleLevel: 100 },
          invitedUserList: [{ userID: 'c', nickname: '<img src=x>', roleLevel: 20 }],
        }),
      },
    });
    expect(messageView(tip, en, false)).toEqual({
      kind: 'notice',
      id: 'm1',
      text: 'You invited <img src=x> to the group',
    });
  });

  it('show a revoked message as a placeholder naming who revoked it', () => {
    const revoked = message({ contentType: ContentType.Revoke });
    expect(messageView(revoked, en, false)).toEqual({
      kind: 'notice',
      id: 'm1',
      text: 'Bob revoked a message',
    });
    expect(messageView({ ...revoked, sendID: 'me' }, en, false)).toEqual({
      kind: 'notice',
      id: 'm1',
      text: 'You revoked a message',
    });
  });

  it('show other content as its one-line summary', () => {
    const picture = messageView(message({ contentType: ContentType.Picture }), en, false);
    expect(picture.kind === 'bubble' && picture.body.kind === 'text' && picture.body.parts).toEqual([
      { kind: 'text', text: '[Picture]' },
    ]);
  });
});

// Survivors of the mutation run over rows.ts (docs/test-quality.md).
describe('message views, details', () => {
  const text = (id: string, sendID: string, sendTime: number, extra: Partial<Message> = {}): Message =>
    message({
      contentType: ContentType.Text,
      textElem: { content: id },
      clientMsgID: id,
      sendID,
      sendTime,
      ...extra,
    });
  const continued = (messages: readonly Message[]) =>
    messageViews(messages, en, new Set()).map((v) => (v.kind === 'bubble' ? v.continued : 'notice'));

  it('group a sender’s bubbles only while they follow each other within the gap', () => {
    const t = NOW - 60 * 60_000;
    expect(
      continued([
        text('a', 'bob', t),
        text('b', 'bob', t + MESSAGE_GROUP_GAP_MS - 1),
        text('c', 'bob', t + 2 * MESSAGE_GROUP_GAP_MS - 1),
        text('d', 'carol', t + 2 * MESSAGE_GROUP_GAP_MS),
        text('e', 'bob', t + 2 * MESSAGE_GROUP_GAP_MS + 1),
        text('f', 'bob', t + 3 * MESSAGE_GROUP_GAP_MS + 1),
      ]),
    ).toEqual([false, true, false, false, false, false]);
  });

  it('do not continue across a notice, nor make a notice continued', () => {
    const t = NOW - 60 * 60_000;
    const tip = message({
      contentType: ContentType.MemberInvited,
      sessionType: SessionType.Group,
      groupID: 'g1',
      clientMsgID: 'tip',
      sendID: 'bob',
      sendTime: t + 1000,
      notificationElem: {
        detail: JSON.stringify({
          opUser: { userID: 'bob', nickname: 'Bob', roleLevel: 100 },
          invitedUserList: [{ userID: 'c', nickname: 'C', roleLevel: 20 }],
        }),
      },
    });
    expect(continued([text('a', 'bob', t), tip, text('b', 'bob', t + 2000)])).toEqual([
      false,
      'notice',
      false,
    ]);
    expect(messageViews([text('a', 'bob', t), tip], en, new Set())[1]).toEqual({
      kind: 'notice',
      id: 'tip',
      text: 'Bob invited C to the group',
    });
  });

  it('offer pin, not unpin, for a group message unless told it is pinned', () => {
    const groupText = text('g', 'bob', NOW, { sessionType: SessionType.Group, groupID: 'g1' });
    const actions = (view: ReturnType<typeof messageView>) => (view.kind === 'bubble' ? view.actions : []);
    expect(actions(messageView(groupText, en, false))).toContain('pin');
    expect(actions(messageView(groupText, en, false))).not.toContain('unpin');
    expect(actions(messageView(groupText, en, false, true))).toContain('unpin');
  });

  it('group sending messages by their creation time when they have no send time yet', () => {
    const t = NOW - 60 * 60_000;
    expect(
      continued([
        text('a', 'me', 0, { createTime: t }),
        text('b', 'me', 0, { createTime: t + MESSAGE_GROUP_GAP_MS + 1 }),
        text('c', 'me', 0, { createTime: t + MESSAGE_GROUP_GAP_MS + 2 }),
      ]),
    ).toEqual([false, false, true]);
    const pending = messageView(text('p', 'me', 0, { createTime: NOW - 5 * 60_000 }), en, false);
    expect(pending).toMatchObject({ time: 'Today 11:55' });
    expect(messageView(text('q', 'me', 0), en, false)).toMatchObject({ time: '' });
  });

  it('name a sender without a nickname by the user id, and a sending message without the spinner as sent', () => {
    expect(messageView(text('a', 'bob', NOW, { senderNickname: '' }), en, false)).toMatchObject({
      sender: 'bob',
    });
    expect(messageView(text('a', 'bob', NOW, { status: MessageStatus.Succeeded }), en, true)).toMatchObject({
      state: 'sent',
    });
  });

  it('mark only a conversation with a receive option other than normal as muted', () => {
    expect(conversationRow(conversation({ recvMsgOpt: RecvMsgOpt.Normal }), en).muted).toBe(false);
    expect(conversationRow(conversation({ recvMsgOpt: RecvMsgOpt.NotReceive }), en).muted).toBe(true);
  });
});

describe('messageViewChangesAt: when the clock can next change a message view', () => {
  const MIDNIGHT = Date.UTC(2026, 10, 23);
  const DAY = 24 * 3600_000;
  const text = (change: Partial<Message>) =>
    message({ contentType: ContentType.Text, textElem: { content: 'hi' }, ...change });
  const packet = (sendTime: number) =>
    message({
      contentType: ContentType.Custom,
      customElem: {
        data: buildRedPacketData('p1', 'Hi'),
        description: '',
        extension: '',
        payload: parseCustomData(buildRedPacketData('p1', 'Hi')),
      },
      sendTime,
    });

  it('notices and revoked messages never; a bubble at the end of "just now" or the next midnight', () => {
    expect(
      messageViewChangesAt(
        message({ contentType: ContentType.MemberQuit, notificationElem: { detail: '{}' } }),
        en,
      ),
    ).toBe(Number.POSITIVE_INFINITY);
    expect(messageViewChangesAt(message({ contentType: ContentType.Revoke }), en)).toBe(
      Number.POSITIVE_INFINITY,
    );
    expect(messageViewChangesAt(text({ sendTime: NOW - 3600_000 }), en)).toBe(MIDNIGHT);
    expect(messageViewChangesAt(text({ sendTime: NOW - 10_000 }), en)).toBe(NOW + 50_000);
  });

  it('an unsent message by its creation time, one without any time never', () => {
    expect(messageViewChangesAt(text({ sendTime: 0, createTime: NOW - 10_000 }), en)).toBe(NOW + 50_000);
    expect(messageViewChangesAt(text({ sendTime: 0 }), en)).toBe(Number.POSITIVE_INFINITY);
  });

  it('a red packet at its expiry while that is to come, then by its time text only', () => {
    expect(messageViewChangesAt(packet(NOW - DAY + 60_000), en)).toBe(NOW + 60_000);
    // Expiring after midnight: midnight comes first.
    expect(messageViewChangesAt(packet(NOW - 3600_000), en)).toBe(MIDNIGHT);
    // At the expiry itself it has expired; what can change next is its time text.
    expect(messageViewChangesAt(packet(NOW - DAY), en)).toBe(MIDNIGHT);
  });
});

describe('conversation rows: the unread-mention mark', () => {
  it('says "[@you]" for a mention of me (also with everyone), "[@everyone]" for everyone, nothing otherwise', () => {
    const mark = (groupAtType: GroupAtType | undefined) =>
      conversationRow(conversation(groupAtType === undefined ? {} : { groupAtType }), en).mentionMark;
    expect(mark(GroupAtType.AtMe)).toBe('[@you]');
    expect(mark(GroupAtType.AtAllAtMe)).toBe('[@you]');
    expect(mark(GroupAtType.AtAll)).toBe('[@everyone]');
    expect(mark(GroupAtType.AtNormal)).toBe('');
    expect(mark(undefined)).toBe('');
  });
});
