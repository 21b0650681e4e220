// @vitest-environment jsdom
import type { MessageNotice } from '@teamim/application';
import { messageNoticesContract } from '@teamim/application/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BrowserMessageNotices, DocumentVisibility, type NotificationConstructor } from './browser-notices';

/** The browser's Notification as a test double on jsdom's window: its prompt answers `answer`. */
function fakeNotificationApi(answer: NotificationPermission) {
  const shown: (MessageNotice & { tag: string; closed: boolean; click: () => void })[] = [];
  let prompts = 0;
  class FakeNotification {
    static permission: NotificationPermission = 'default';
    static requestPermission(): Promise<NotificationPermission> {
      prompts += 1;
      FakeNotification.permission = answer;
      return Promise.resolve(answer);
    }
    onclick: ((event: Event) => void) | null = null;
    constructor(title: string, options: NotificationOptions = {}) {
      const entry = {
        conversationID: options.tag ?? '',
        tag: options.tag ?? '',
        title,
        body: options.body ?? '',
        closed: false,
        click: () => this.onclick?.(new Event('click')),
      };
      shown.push(entry);
      this.close = () => {
        entry.closed = true;
      };
    }
    close: () => void = () => undefined;
  }
  return { api: FakeNotification as unknown as NotificationConstructor, shown, prompts: () => prompts };
}

afterEach(() => {
  delete (window as { Notification?: unknown }).Notification;
  vi.restoreAllMocks();
});

describe('BrowserMessageNotices keeps the message-notices contract', () => {
  for (const contractCase of messageNoticesContract) {
    it(contractCase.name, async () => {
      await contractCase.run((answer) => {
        const fake = fakeNotificationApi(answer);
        Object.assign(window, { Notification: fake.api });
        // jsdom has no window focus; the click still asks for it.
        vi.spyOn(window, 'focus').mockImplementation(() => undefined);
        const notices = new BrowserMessageNotices();
        return {
          notices,
          asksUser: true,
          prompts: fake.prompts,
          shown: () => fake.shown,
          click: (id) => fake.shown.find((n) => n.tag === id)?.click(),
        };
      });
    });
  }
});

describe('BrowserMessageNotices', () => {
  it('tags a notice with its conversation, and a click focuses the tab and closes the notice', async () => {
    const fake = fakeNotificationApi('granted');
    let focused = 0;
    const notices = new BrowserMessageNotices({ Notification: fake.api, focus: () => void focused++ });
    expect(notices.permission()).toBe('default');
    expect(fake.prompts()).toBe(0);
    expect(await notices.show({ conversationID: 'sg_g1', title: 'Team', body: 'Ann: hi' })).toBe(false);
    await notices.requestPermission();
    const clicked: string[] = [];
    notices.clicks$.subscribe((id) => clicked.push(id));
    expect(await notices.show({ conversationID: 'sg_g1', title: 'Team', body: 'Ann: hi' })).toBe(true);
    fake.shown[0]?.click();
    expect(clicked).toEqual(['sg_g1']);
    expect(focused).toBe(1);
    expect(fake.shown[0]).toMatchObject({ tag: 'sg_g1', closed: true });
  });

  it('is unsupported without the API and never throws', async () => {
    const notices = new BrowserMessageNotices({ focus: () => undefined });
    expect(notices.permission()).toBe('unsupported');
    expect(await notices.requestPermission()).toBe('unsupported');
    expect(await notices.show({ conversationID: 'x', title: 't', body: 'b' })).toBe(false);
  });

  it('reads the page visibility', () => {
    const doc = { visibilityState: 'visible' as DocumentVisibilityState };
    const visibility = new DocumentVisibility(doc);
    expect(visibility.isHidden()).toBe(false);
    doc.visibilityState = 'hidden';
    expect(visibility.isHidden()).toBe(true);
  });
});
