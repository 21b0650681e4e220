import { describe, expect, it } from 'vitest';
import { DesktopSettings } from './settings';
import { FakeApp, FakeFileSystem, FakeWindow } from './test-support/fakes';
import { enforceSingleInstance, WindowController } from './window-controller';

function setup(closeAction?: 'miniSize' | 'quit') {
  const window = new FakeWindow();
  const app = new FakeApp();
  const settings = new DesktopSettings(new FakeFileSystem(), '/user-data');
  if (closeAction !== undefined) settings.closeAction = closeAction;
  return { window, app, settings, controller: new WindowController(window, app, settings) };
}

describe('close action', () => {
  it('hides to the tray by default, from the title bar and from the OS close', () => {
    const { window, app, controller } = setup();
    controller.closeButton();
    expect(window.visible).toBe(false);
    window.show();
    expect(controller.shouldPreventClose()).toBe(true);
    expect(window.visible).toBe(false);
    expect(app.quitCalls).toBe(0);
  });

  it('quits when the user chose quit', () => {
    const { window, app, controller } = setup('quit');
    controller.closeButton();
    expect(app.quitCalls).toBe(1);
    expect(window.visible).toBe(true);
    const fresh = setup('quit');
    expect(fresh.controller.shouldPreventClose()).toBe(false);
    expect(fresh.app.quitCalls).toBe(1);
  });

  it('lets the close through once the app is quitting (tray Quit, OS shutdown)', () => {
    const { window, controller } = setup();
    controller.markQuitting();
    expect(controller.shouldPreventClose()).toBe(false);
    expect(window.visible).toBe(true);
  });

  it('reads the setting at the moment of closing', () => {
    const { app, settings, controller } = setup();
    settings.closeAction = 'quit';
    controller.closeButton();
    expect(app.quitCalls).toBe(1);
  });
});

describe('window controls', () => {
  it('minimizes, toggles maximize and reveals a hidden or minimized window', () => {
    const { window, controller } = setup();
    controller.minimize();
    expect(window.minimized).toBe(true);
    expect(controller.toggleMaximize()).toBe(true);
    expect(controller.toggleMaximize()).toBe(false);
    window.hide();
    controller.reveal();
    expect(window).toMatchObject({ visible: true, minimized: false, focused: true });
  });
});

describe('enforceSingleInstance', () => {
  it('lets the first instance run and focuses it when the app is launched again', () => {
    const app = new FakeApp();
    let focused = 0;
    expect(enforceSingleInstance(app, () => (focused += 1))).toBe(true);
    app.launchAgain();
    expect(focused).toBe(1);
    expect(app.quitCalls).toBe(0);
  });

  it('quits a second instance that cannot get the lock', () => {
    const app = new FakeApp();
    app.lockAvailable = false;
    expect(enforceSingleInstance(app, () => undefined)).toBe(false);
    expect(app.quitCalls).toBe(1);
  });
});
