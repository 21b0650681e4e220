import { describe, expect, it } from 'vitest';
import { FakeApp, FakeNotifications, FakeOverlay, FakeTray, FakeWindow } from './test-support/fakes';
import { MessageNotifications, TrayController } from './tray-controller';

function setupTray(language: 'zh-CN' | 'en-US', overlay?: FakeOverlay) {
  const tray = new FakeTray();
  const app = new FakeApp();
  const actions: string[] = [];
  const controller = new TrayController(tray, app, overlay, language, {
    show: () => actions.push('show'),
    quit: () => actions.push('quit'),
  });
  return { tray, app, actions, controller };
}

describe('TrayController', () => {
  it('offers Show and Quit in the stored language, and the icon click shows the window', () => {
    const { tray, actions } = setupTray('en-US');
    expect(tray.menu.map((item) => item.label)).toEqual(['Show TeamIM', 'Quit']);
    tray.clickItem('Quit');
    tray.clickItem('Show TeamIM');
    tray.clickIcon();
    expect(actions).toEqual(['quit', 'show', 'show']);
    expect(setupTray('zh-CN').tray.menu.map((item) => item.label)).toEqual(['显示主界面', '退出']);
  });

  it('shows the unread count in the tooltip, the badge and the overlay, and clears it', () => {
    const overlay = new FakeOverlay();
    const { tray, app, controller } = setupTray('en-US', overlay);
    controller.setUnread(3);
    expect(tray.toolTip).toBe('TeamIM – 3 unread messages');
    expect(app.badge).toBe(3);
    expect(overlay.count).toBe(3);
    controller.setUnread(1);
    expect(tray.toolTip).toBe('TeamIM – 1 unread message');
    controller.setUnread(0);
    expect(tray.toolTip).toBe('TeamIM');
    expect(app.badge).toBe(0);
    expect(overlay.count).toBe(0);
  });
});

describe('MessageNotifications', () => {
  const notice = { conversationId: 'si_a_b', title: 'Ann', body: 'hello' };

  function setup() {
    const window = new FakeWindow();
    const factory = new FakeNotifications();
    let revealed = 0;
    const notifications = new MessageNotifications(window, factory, () => {
      revealed += 1;
      window.show();
    });
    return { window, factory, notifications, revealed: () => revealed };
  }

  it('stays quiet while the window is visible', () => {
    const { factory, notifications } = setup();
    expect(notifications.notify(notice)).toBe(false);
    expect(factory.shown).toEqual([]);
  });

  it('notifies while hidden or minimized; a click shows the window and opens the conversation', () => {
    const { window, factory, notifications, revealed } = setup();
    window.hide();
    expect(notifications.notify(notice)).toBe(true);
    window.show();
    window.minimize();
    expect(notifications.notify(notice)).toBe(true);
    expect(factory.shown.map(({ title, body }) => ({ title, body }))).toEqual([
      { title: 'Ann', body: 'hello' },
      { title: 'Ann', body: 'hello' },
    ]);
    factory.shown[0]?.click();
    expect(revealed()).toBe(1);
    expect(window.sent).toEqual([{ channel: 'notification:clicked', payload: 'si_a_b' }]);
  });

  it('does nothing where the platform has no notifications', () => {
    const { window, factory, notifications } = setup();
    factory.supported = false;
    window.hide();
    expect(notifications.notify(notice)).toBe(false);
  });
});
