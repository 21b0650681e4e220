import { describe, expect, it } from 'vitest';
import {
  buildMeetingUpdateData,
  buildRedPacketData,
  ContentType,
  MessageStatus,
  SessionType,
  parseCustomData,
  type Message,
} from '@teamim/domain';
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
/** A message at a chosen time, for the clock cases that the minute spacing of `message(n)` cannot place. */
const sentAt = (id: string, sendTime: number, overrides: Partial<Message> = {}): Message => ({
  clientMsgID: id,
  sendID: 'bob',
  recvID: 'me',
  groupID: 'g1',
  sessionType: SessionType.Group,
  sendTime,
  senderNickname: 'Bob',
  senderFaceUrl: '',
  status: MessageStatus.Succeeded,
  isRead: true,
  contentType: ContentType.Text,
  textElem: { content: `text of ${id}` },
  ...overrides,
});

/** A meeting's update, posted by `sendID`, as the chat receives it. */
const meetingUpdate = (id: string, action: 'started' | 'ended', sendTime: number, sendID = 'bob') => {
  const ending = action === 'ended' ? { participantUserIDs: ['bob', 'me'], durationSeconds: 60 } : {};
  const data = buildMeetingUpdateData({ meetingID: 'mt1', action, at: sendTime, ...ending });
  return sentAt(id, sendTime, {
    sendID,
    contentType: ContentType.Custom,
    customElem: { data, description: '', extension: '', payload: parseCustomData(data) },
  });
};

describe('MessageViewCache', () => {
  it("shows a meeting's end once when two who left last both posted it, as messageViews does", () => {
    const cache = new MessageViewCache();
    const started = meetingUpdate('u1', 'started', NOW - 120_000);
    const ended = meetingUpdate('u2', 'ended', NOW - 60_000);
    const reply = sentAt('t1', NOW - 55_000, { sendID: 'me' });
    const endedAgain = meetingUpdate('u3', 'ended', NOW - 50_000, 'carol');
    const ids = (views: readonly { readonly id: string }[]) => views.map((v) => v.id);

    const first = cache.views([started, ended, reply, endedAgain], en, new Set());
    expect(ids(first)).toEqual(['u1', 'u2', 't1']);
    expect(first).toEqual(messageViews([started, ended, reply, endedAgain], en, new Set()));
    // A later message still follows, with the views in step with the messages shown.
    const later = sentAt('t2', NOW - 40_000);
    const next = cache.views([started, ended, reply, endedAgain, later], en, new Set());
    expect(ids(next)).toEqual(['u1', 'u2', 't1', 't2']);
    expect(next).toEqual(messageViews([started, ended, reply, endedAgain, later], en, new Set()));
    // Without the first end (not loaded, or deleted), the second is the one shown.
    expect(ids(cache.views([started, reply, endedAgain], en, new Set()))).toEqual(['u1', 't1', 'u3']);
  });

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

describe('MessageViewCache: the sending spinner', () => {
  it('shows and hides the spinner of a message being sent, at the same clock', () => {
    const cache = new MessageViewCache();
    const sending = sentAt('m2', NOW - 5_000, { sendID: 'me', status: MessageStatus.Sending });
    const list = [sentAt('m1', NOW - 60_000), sending];
    const state = (spinning: ReadonlySet<string>) => {
      const view = cache.views(list, en, spinning)[1];
      return view?.kind === 'bubble' ? view.state : undefined;
    };
    expect(state(new Set())).toBe('sent');
    expect(state(new Set(['m2']))).toBe('sending');
    expect(state(new Set(['m2']))).toBe('sending');
    expect(state(new Set())).toBe('sent');
    expect(cache.views(list, en, new Set(['m2']))).toEqual(messageViews(list, en, new Set(['m2'])));
  });
});

describe('MessageViewCache: a clock tick that changes no text', () => {
  it("keeps the whole list, the continued messages of a sender's run included", () => {
    const cache = new MessageViewCache();
    // Three messages by bob a minute apart, days ago: their time texts do not move with the clock.
    const days = 3 * 24 * 3600_000;
    const list = [
      sentAt('m1', NOW - days),
      sentAt('m2', NOW - days + 60_000),
      sentAt('m3', NOW - days + 120_000),
    ];
    const first = cache.views(list, en, new Set());
    expect(first.map((v) => (v.kind === 'bubble' ? v.continued : undefined))).toEqual([false, true, true]);

    const later = cache.views(list, { ...en, nowMs: NOW + 60_000 }, new Set());
    expect(later).toBe(first);
    const again = cache.views(list, { ...en, nowMs: NOW + 120_000 }, new Set());
    expect(again).toBe(first);
    expect(again).toEqual(messageViews(list, { ...en, nowMs: NOW + 120_000 }, new Set()));
  });
});

describe('MessageViewCache: a clock tick maps only the messages the clock can change', () => {
  /** A message that counts how often its content is read: reading it is what mapping it again costs. */
  const counted = (id: string, sendTime: number, overrides: Partial<Message> = {}) => {
    const reads = { count: 0 };
    const target = sentAt(id, sendTime, overrides);
    const proxy = new Proxy(target, {
      get(object, key, receiver) {
        if (key === 'textElem' || key === 'customElem') reads.count += 1;
        return Reflect.get(object, key, receiver) as unknown;
      },
    });
    return { message: proxy, reads };
  };
  const HOUR = 3600_000;
  const DAY = 24 * HOUR;

  it('maps a text again at the end of "just now" and at midnight, a red packet at its expiry, nothing between', () => {
    const cache = new MessageViewCache();
    // Now is noon UTC: an old message, one from an hour ago, one sent 20 s ago, and a packet sent 23:59:30 ago.
    const old = counted('old', NOW - 3 * DAY);
    const hour = counted('hour', NOW - HOUR);
    const fresh = counted('fresh', NOW - 20_000);
    const packet = counted('packet', NOW - DAY + 30_000, {
      contentType: ContentType.Custom,
      customElem: {
        data: buildRedPacketData('p1', 'Hi'),
        description: '',
        extension: '',
        payload: parseCustomData(buildRedPacketData('p1', 'Hi')),
      },
    });
    const list = [old, hour, packet, fresh].map((c) => c.message);
    const all = [old, hour, packet, fresh];
    const readsSince = () => {
      const counts = all.map((c) => c.reads.count);
      for (const c of all) c.reads.count = 0;
      return counts;
    };
    const at = (nowMs: number) => {
      const expected = messageViews(list, { ...en, nowMs }, new Set());
      readsSince();
      const views = cache.views(list, { ...en, nowMs }, new Set());
      const reads = readsSince();
      expect(views).toEqual(expected);
      return reads;
    };
    at(NOW);
    // The same clock again, then 20 s on: nothing can have changed.
    expect(at(NOW)).toEqual([0, 0, 0, 0]);
    expect(at(NOW + 20_000)).toEqual([0, 0, 0, 0]);
    // 40 s on: the fresh message is no longer "just now"; the packet (expiring at +30 s) has expired.
    const afterJustNow = at(NOW + 40_000);
    expect(afterJustNow[0]).toBe(0);
    expect(afterJustNow[1]).toBe(0);
    expect(afterJustNow[2]).toBeGreaterThan(0);
    expect(afterJustNow[3]).toBeGreaterThan(0);
    // Through the afternoon and evening, every tick maps nothing.
    for (let nowMs = NOW + 60_000; nowMs < NOW + 12 * HOUR; nowMs += 30 * 60_000) {
      expect(at(nowMs)).toEqual([0, 0, 0, 0]);
    }
    // Midnight (UTC here): today becomes yesterday, so every dated text is mapped again.
    expect(at(NOW + 12 * HOUR).every((count) => count > 0)).toBe(true);
    // A clock set back maps again too.
    expect(at(NOW + 12 * HOUR - 1).every((count) => count > 0)).toBe(true);
  });
});

describe('MessageViewCache: the same list again', () => {
  /** A list that counts how often its messages are read: walking it is what mapping it costs. */
  const countedList = (messages: readonly Message[]) => {
    const reads = { count: 0 };
    const list = new Proxy([...messages], {
      get(array, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads.count += 1;
        return Reflect.get(array, key, receiver) as unknown;
      },
    });
    return { list, reads };
  };

  it('is not walked while nothing it shows can have changed (a "loading" change of a long history)', () => {
    const cache = new MessageViewCache();
    const { list, reads } = countedList([sentAt('m1', NOW - 3_600_000), sentAt('m2', NOW - 20_000)]);
    const first = cache.views(list, en, new Set(), new Set(['m1']));
    expect(reads.count).toBeGreaterThan(0);
    reads.count = 0;
    // Equal spinning and pinned sets (new objects, as the view model builds them) at a later clock.
    expect(cache.views(list, { ...en, nowMs: NOW + 5_000 }, new Set(), new Set(['m1']))).toBe(first);
    expect(reads.count).toBe(0);
  });

  it('is walked again when a pin, a spinner or the clock can change what it shows', () => {
    const cache = new MessageViewCache();
    const { list, reads } = countedList([sentAt('m1', NOW - 3_600_000), sentAt('m2', NOW - 20_000)]);
    cache.views(list, en, new Set(), new Set(['m1']));
    const walked = (views: () => readonly unknown[], expected: readonly unknown[]) => {
      reads.count = 0;
      expect(views()).toEqual(expected);
      return reads.count > 0;
    };
    const pinned = new Set(['m2']);
    expect(
      walked(() => cache.views(list, en, new Set(), pinned), messageViews(list, en, new Set(), pinned)),
    ).toBe(true);
    const spinning = new Set(['m2']);
    expect(
      walked(() => cache.views(list, en, spinning, pinned), messageViews(list, en, spinning, pinned)),
    ).toBe(true);
    // m2 was sent 20 s before NOW: 40 s on it is no longer "just now".
    const later = { ...en, nowMs: NOW + 40_000 };
    expect(
      walked(() => cache.views(list, later, spinning, pinned), messageViews(list, later, spinning, pinned)),
    ).toBe(true);
    // A clock set back, too.
    expect(
      walked(() => cache.views(list, en, spinning, pinned), messageViews(list, en, spinning, pinned)),
    ).toBe(true);
  });

  it('a new list with the same messages is walked and keeps the views', () => {
    const cache = new MessageViewCache();
    const messages = [sentAt('m1', NOW - 3_600_000), sentAt('m2', NOW - 20_000)];
    const first = cache.views(messages, en, new Set());
    const { list, reads } = countedList(messages);
    expect(cache.views(list, en, new Set())).toBe(first);
    expect(reads.count).toBeGreaterThan(0);
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

  it('an object never equals a primitive or null, on either side', () => {
    expect(samePlainData(1, {})).toBe(false);
    expect(samePlainData({}, 1)).toBe(false);
    expect(samePlainData('', [])).toBe(false);
    expect(samePlainData([], '')).toBe(false);
    expect(samePlainData({}, null)).toBe(false);
    expect(samePlainData(null, {})).toBe(false);
    expect(samePlainData({ a: {} }, { a: 0 })).toBe(false);
    expect(samePlainData(2, 2)).toBe(true);
    expect(samePlainData(1, 2)).toBe(false);
  });
});
