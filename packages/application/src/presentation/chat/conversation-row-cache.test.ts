import { describe, expect, it } from 'vitest';
import { ContentType, MessageStatus, SessionType, type Conversation, type Message } from '@teamim/domain';
import { ConversationRowCache } from './conversation-row-cache';
import { conversationRow, type ViewContext } from './rows';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const en: ViewContext = { locale: 'en-US', selfUserID: 'me', nowMs: NOW, utcOffsetMinutes: 0 };

const latest = (text: string, sendTime: number): string =>
  JSON.stringify({
    clientMsgID: text,
    sendID: 'bob',
    recvID: 'me',
    groupID: '',
    sessionType: SessionType.Single,
    sendTime,
    senderNickname: 'Bob',
    senderFaceUrl: '',
    status: MessageStatus.Succeeded,
    isRead: false,
    contentType: ContentType.Text,
    textElem: { content: text },
  } satisfies Message);

/** Conversation n: its last message n minutes ago; every third has a draft, typed later. */
const conversation = (n: number, overrides: Partial<Conversation> = {}): Conversation => ({
  conversationID: `si_u${n}_me`,
  conversationType: SessionType.Single,
  userID: `u${n}`,
  groupID: '',
  showName: `User ${n}`,
  faceURL: '',
  unreadCount: n % 4,
  latestMsg: latest(`hello ${n}`, NOW - n * 60_000),
  latestMsgSendTime: NOW - n * 60_000,
  draftTextTime: n % 3 === 0 ? NOW - 30_000 : 0,
  ...(n % 3 === 0 ? { draftText: `draft ${n}` } : {}),
  isPinned: n === 7,
  recvMsgOpt: 0,
  ...overrides,
});

/** What the view model showed before the cache: every row mapped afresh. */
const fresh = (list: readonly Conversation[], context: ViewContext, openID?: string) =>
  list.map((c) => conversationRow(c.conversationID === openID ? { ...c, draftText: '' } : c, context));

describe('ConversationRowCache', () => {
  it('gives the same rows as conversationRow through changes, opens, clock ticks and locales', () => {
    const cache = new ConversationRowCache();
    let list = Array.from({ length: 12 }, (_, i) => conversation(i + 1));
    const check = (context: ViewContext, openID?: string) =>
      expect(cache.rows(list, context, openID)).toEqual(fresh(list, context, openID));

    check(en);
    check(en, 'si_u3_me');
    list = list.map((c, i) => (i === 4 ? { ...c, unreadCount: 9, latestMsg: latest('new', NOW) } : c));
    check(en, 'si_u3_me');
    check(en);
    check({ ...en, nowMs: NOW + 45_000 });
    check({ ...en, nowMs: NOW + 2 * 86_400_000 }, 'si_u6_me');
    check({ ...en, locale: 'zh-CN', nowMs: NOW + 2 * 86_400_000 });
    check({ ...en, utcOffsetMinutes: 480 });
    check({ ...en, selfUserID: 'u5' });
  });

  it('keeps the row object of every conversation that did not change', () => {
    const cache = new ConversationRowCache();
    const list = Array.from({ length: 5 }, (_, i) => conversation(i + 1));
    const before = cache.rows(list, en, undefined);
    const changed = list.map((c, i) => (i === 2 ? { ...c, unreadCount: 5 } : c));

    const after = cache.rows(changed, en, undefined);

    expect(after.map((row, i) => row === before[i])).toEqual([true, true, false, true, true]);
    expect(after[2]?.unread).toBe(5);
  });

  it('the open conversation hides its own draft, and shows it again once another opens', () => {
    const cache = new ConversationRowCache();
    const list = [conversation(3), conversation(4)];
    expect(cache.rows(list, en, 'si_u3_me')[0]?.preview).toBe('hello 3');
    expect(cache.rows(list, en, 'si_u4_me')[0]?.preview).toBe('[Draft] draft 3');
  });

  it('when only the clock moves, rows whose time text stays keep their objects', () => {
    const cache = new ConversationRowCache();
    // 1 minute ago ("Today 11:59") and 59 seconds ago ("Just now"), whose text changes 2 s later.
    const list = [conversation(1), conversation(2, { latestMsgSendTime: NOW - 59_000 })];
    const before = cache.rows(list, en, undefined);
    expect(before.map((row) => row.time)).toEqual(['Today 11:59', 'Just now']);

    const after = cache.rows(list, { ...en, nowMs: NOW + 2_000 }, undefined);

    expect(after[0]).toBe(before[0]);
    expect(after[1]).not.toBe(before[1]);
    expect(after[1]).toEqual({ ...before[1], time: 'Today 11:59' });
  });
});
