import { describe, expect, it } from 'vitest';
import { ContentType, MessageStatus, SessionType, type Message } from '@teamim/domain';
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
