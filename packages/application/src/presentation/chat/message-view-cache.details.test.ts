import { describe, expect, it } from 'vitest';
import { buildRedPacketData, ContentType, MessageStatus, SessionType, type Message } from '@teamim/domain';
import { MessageViewCache, samePlainData } from './message-view-cache';
import { messageViews, type ViewContext } from './rows';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const en: ViewContext = { locale: 'en-US', selfUserID: 'me', nowMs: NOW, utcOffsetMinutes: 0 };

const message = (id: string, sendTime: number, overrides: Partial<Message> = {}): Message => ({
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

describe('MessageViewCache: the sending spinner', () => {
  it('shows and hides the spinner of a message being sent, at the same clock', () => {
    const cache = new MessageViewCache();
    const sending = message('m2', NOW - 5_000, { sendID: 'me', status: MessageStatus.Sending });
    const list = [message('m1', NOW - 60_000), sending];
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
      message('m1', NOW - days),
      message('m2', NOW - days + 60_000),
      message('m3', NOW - days + 120_000),
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
    const target = message(id, sendTime, overrides);
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
    // 12:00 UTC: an old message, one of 11:00, one sent 20 s ago, and a packet sent 23:59:30 ago.
    const old = counted('old', NOW - 3 * DAY);
    const hour = counted('hour', NOW - HOUR);
    const fresh = counted('fresh', NOW - 20_000);
    const packet = counted('packet', NOW - DAY + 30_000, {
      contentType: ContentType.Custom,
      customElem: { data: buildRedPacketData('p1', 'Hi'), description: '', extension: '' },
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
    const { list, reads } = countedList([message('m1', NOW - 3_600_000), message('m2', NOW - 20_000)]);
    const first = cache.views(list, en, new Set(), new Set(['m1']));
    expect(reads.count).toBeGreaterThan(0);
    reads.count = 0;
    // Equal spinning and pinned sets (new objects, as the view model builds them) at a later clock.
    expect(cache.views(list, { ...en, nowMs: NOW + 5_000 }, new Set(), new Set(['m1']))).toBe(first);
    expect(reads.count).toBe(0);
  });

  it('is walked again when a pin, a spinner or the clock can change what it shows', () => {
    const cache = new MessageViewCache();
    const { list, reads } = countedList([message('m1', NOW - 3_600_000), message('m2', NOW - 20_000)]);
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
    const messages = [message('m1', NOW - 3_600_000), message('m2', NOW - 20_000)];
    const first = cache.views(messages, en, new Set());
    const { list, reads } = countedList(messages);
    expect(cache.views(list, en, new Set())).toBe(first);
    expect(reads.count).toBeGreaterThan(0);
  });
});

describe('samePlainData', () => {
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
