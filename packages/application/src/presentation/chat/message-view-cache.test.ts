import { describe, expect, it } from 'vitest';
import { ContentType, MessageStatus, SessionType, type Message } from '@teamim/domain';
import { withRevoked } from '../../messages/revoked-quotes';
import { MessageViewCache, samePlainData } from './message-view-cache';
import { messageViews, type ViewContext } from './rows';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const en: ViewContext = { locale: 'en-US', selfUserID: 'me', nowMs: NOW, utcOffsetMinutes: 0 };

/** Message n of a history: runs of two or three by one sender, a group notice now and then. */
const message = (n: number, overrides: Partial<Message> = {}): Message => ({
  clientMsgID: `m${n}`,
  sendID: Math.floor(n / 3) % 2 === 0 ? 'bob' : 'me',
  recvID: 'me',
  groupID: 'g1',
  sessionType: SessionType.Group,
  sendTime: NOW - (1000 - n) * 60_000,
  seq: n,
  senderNickname: 'Bob',
  senderFaceUrl: '',
  status: MessageStatus.Succeeded,
  isRead: true,
  contentType: ContentType.Text,
  textElem: { content: `#${n} text` },
  ...(n % 17 === 0 ? { contentType: ContentType.MemberQuit, notificationElem: { detail: '{}' } } : {}),
  ...overrides,
});
const range = (from: number, to: number): Message[] =>
  Array.from({ length: to - from }, (_, i) => message(from + i));

describe('MessageViewCache', () => {
  it('gives the same views as messageViews through prepends, appends, edits, revokes and deletes', () => {
    const cache = new MessageViewCache();
    const check = (
      messages: readonly Message[],
      context = en,
      spinning: ReadonlySet<string> = new Set(),
      pinned: ReadonlySet<string> = new Set(),
    ) =>
      expect(cache.views(messages, context, spinning, pinned)).toEqual(
        messageViews(messages, context, spinning, pinned),
      );
    let list: readonly Message[] = range(80, 100);
    check(list);
    // Older pages come in front; the first old message may now continue the page's last one.
    list = [...range(60, 80), ...list];
    check(list);
    list = [...range(40, 60), ...list];
    check(list);
    // A new message at the end, then one from the same sender a minute later (continued).
    list = [...list, message(100), message(101, { sendID: 'bob', sendTime: NOW - 898 * 60_000 })];
    check(list);
    // An edit (a red packet opened, an upload's progress) is a new object for the same id.
    list = list.map((m) => (m.clientMsgID === 'm50' ? { ...m, textElem: { content: 'edited' } } : m));
    check(list);
    // A revoke turns the message into a notice, which breaks the sender's run after it.
    list = withRevoked(list, 'm70');
    check(list);
    // A deletion joins the neighbours.
    list = list.filter((m) => m.clientMsgID !== 'm46');
    check(list);
    // Sending spinner and pins.
    check(list, en, new Set(['m101']), new Set(['m90']));
    check(list, en, new Set(), new Set());
    // The clock moves; then the language and the user change.
    check(list, { ...en, nowMs: NOW + 24 * 3600_000 });
    check(list, { ...en, locale: 'zh-CN' });
    check(list, { ...en, selfUserID: 'bob' });
  });

  it('keeps the view objects of the messages already shown when a page of older ones comes in', () => {
    const cache = new MessageViewCache();
    const shown = range(80, 100);
    const before = cache.views(shown, en, new Set());
    const after = cache.views([...range(60, 80), ...shown], en, new Set());
    // The first shown message may change (it may now continue the page's last one); the rest are kept.
    for (let i = 1; i < before.length; i++) expect(after[20 + i]).toBe(before[i]);
  });

  it('returns the same list when nothing it shows changed', () => {
    const cache = new MessageViewCache();
    const messages = range(0, 30);
    const first = cache.views(messages, en, new Set());
    expect(cache.views([...messages], en, new Set(), new Set())).toBe(first);
    // A pin changes the message's actions (unpin instead of pin): a new list.
    expect(cache.views(messages, en, new Set(), new Set(['m3']))).not.toBe(first);
  });

  it('maps a message again when the clock changes its time text, and keeps it otherwise', () => {
    const cache = new MessageViewCache();
    const recent = message(999, { sendTime: NOW - 10_000 });
    const old = message(3);
    const [oldView, recentView] = cache.views([old, recent], en, new Set());
    const later = cache.views([old, recent], { ...en, nowMs: NOW + 10 * 60_000 }, new Set());
    expect(later[0]).toBe(oldView);
    expect(later[1]).not.toBe(recentView);
    expect(later).toEqual(messageViews([old, recent], { ...en, nowMs: NOW + 10 * 60_000 }, new Set()));
  });
});

describe('samePlainData', () => {
  it('compares nested objects and arrays by value', () => {
    expect(samePlainData({ a: [1, { b: 'x' }] }, { a: [1, { b: 'x' }] })).toBe(true);
    expect(samePlainData({ a: [1, { b: 'x' }] }, { a: [1, { b: 'y' }] })).toBe(false);
    expect(samePlainData({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(samePlainData([1, 2], { 0: 1, 1: 2 })).toBe(false);
    expect(samePlainData(null, {})).toBe(false);
  });
});
