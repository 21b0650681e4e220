import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import {
  CloseActionViewModel,
  LogUploadViewModel,
  SettingsStore,
  TitleBarViewModel,
} from '@teamim/application';
import { FakeFileUploader, messageNoticesContract, RecordingNotifier } from '@teamim/application/testing';
import { STORAGE_KEYS } from '@teamim/domain';
import { createInProcessShell } from '../main/test-support/in-process-shell';
import { DESKTOP_API_KEY } from '../shared/desktop-api';
import {
  BridgeMessageNotices,
  connectDesktopCalls,
  connectDesktopLanguage,
  connectDesktopShell,
  createDesktopAdapters,
  findDesktopApi,
} from './desktop-adapters';

const settle = async (): Promise<void> => {
  for (let i = 0; i < 30; i += 1) await Promise.resolve();
};

describe('desktop adapters over the bridge and the validated contract', () => {
  it('finds the bridge only where the preload put it', () => {
    const { api } = createInProcessShell();
    expect(findDesktopApi({})).toBeUndefined();
    expect(findDesktopApi({ [DESKTOP_API_KEY]: api })).toBe(api);
  });

  it('opens only web links in the system browser, through the handlers main registers', async () => {
    const shell = createInProcessShell();
    await shell.api.shell.openExternal('https://example.org/docs');
    await expect(shell.api.shell.openExternal('file:///etc/passwd')).rejects.toThrow();
    expect(shell.openedExternally).toEqual(['https://example.org/docs']);
  });

  it('drives the title bar: maximize, minimize, and close follows the setting', async () => {
    const shell = createInProcessShell();
    const adapters = createDesktopAdapters(shell.api, new FakeFileUploader());
    const titleBar = new TitleBarViewModel(adapters.windowControls);
    await settle();
    expect(titleBar.state.ownControls).toBe(true);
    await titleBar.toggleMaximize();
    expect(shell.window.maximized).toBe(true);
    await titleBar.minimize();
    expect(shell.window.minimized).toBe(true);
    await titleBar.close();
    expect(shell.window.visible).toBe(false);
    expect(shell.app.quitCalls).toBe(0);

    const closeAction = new CloseActionViewModel(adapters.closeActionSettings);
    await settle();
    await closeAction.choose('quit');
    expect(shell.settings.closeAction).toBe('quit');
    await titleBar.close();
    expect(shell.app.quitCalls).toBe(1);
  });

  it('uploads the shell log, renderer lines included, as a text file', async () => {
    const shell = createInProcessShell();
    const uploader = new FakeFileUploader();
    const adapters = createDesktopAdapters(shell.api, uploader);
    adapters.logger.warn('socket closed', { code: 1006 });
    adapters.logger.info('reconnected');
    await settle();
    const notifier = new RecordingNotifier();
    const vm = new LogUploadViewModel(adapters.desktopLogs, adapters.logUploader, notifier);
    const percents: number[] = [];
    vm.state$.subscribe((state) => percents.push(state.percent));
    await expect(vm.uploadChosen()).resolves.toBe(true);
    const file = uploader.uploaded[0];
    expect(file?.mimeType).toBe('text/plain');
    expect(await (file?.handle as Blob).text()).toBe(
      '[warn] (renderer) socket closed {"code":1006}\n[info] (renderer) reconnected\n',
    );
    expect([...new Set(percents)]).toEqual([0, 50, 100]);
    expect(notifier.keys()).toEqual(['toast.uploadSuccess']);
  });

  it('keeps the tray count in step with the session, and clears it when the session ends', async () => {
    const shell = createInProcessShell();
    const unread = new Subject<number>();
    const subscription = connectDesktopShell(shell.api, { unreadCount$: unread });
    unread.next(4);
    await settle();
    expect(shell.tray.toolTip).toBe('TeamIM – 4 unread messages');
    expect(shell.app.badge).toBe(4);
    subscription.unsubscribe();
    await settle();
    expect(shell.app.badge).toBe(0);
    expect(shell.tray.toolTip).toBe('TeamIM');
    unread.next(9);
    await settle();
    expect(shell.app.badge).toBe(0);
  });

  it('opens the microphone and camera permission only while a call is active', async () => {
    const shell = createInProcessShell();
    const active = new Subject<boolean>();
    const subscription = connectDesktopCalls(shell.api, active);
    active.next(true);
    await settle();
    expect(shell.isCallActive()).toBe(true);
    active.next(false);
    await settle();
    expect(shell.isCallActive()).toBe(false);
    active.next(true);
    await settle();
    subscription.unsubscribe();
    await settle();
    expect(shell.isCallActive()).toBe(false);
  });

  it('notices reach the shell only while the window is hidden; a click reveals it and opens the conversation', async () => {
    const shell = createInProcessShell();
    const notices = createDesktopAdapters(shell.api, new FakeFileUploader()).messageNotices;
    const opened: string[] = [];
    notices.clicks$.subscribe((id) => opened.push(id));
    const notice = { conversationID: 'si_a_b', title: 'Ann', body: 'x'.repeat(1_500) };
    expect(await notices.show(notice)).toBe(false);
    shell.window.hide();
    expect(await notices.show(notice)).toBe(true);
    expect(shell.factory.shown.map((shown) => shown.body.length)).toEqual([1_000]);
    shell.factory.shown[0]?.click();
    expect(opened).toEqual(['si_a_b']);
    expect(shell.window.visible).toBe(true);
  });

  for (const contractCase of messageNoticesContract) {
    it(`BridgeMessageNotices keeps the message-notices contract: ${contractCase.name}`, async () => {
      await contractCase.run(() => {
        const shell = createInProcessShell();
        // Main shows notices only while the window is hidden, as it is when the service asks.
        shell.window.hide();
        return {
          notices: new BridgeMessageNotices(shell.api),
          asksUser: false,
          prompts: () => 0,
          shown: () =>
            shell.factory.shown.map((shown) => ({
              conversationID: '',
              title: shown.title,
              body: shown.body,
            })),
          click: () => shell.factory.shown.at(-1)?.click(),
        };
      });
    });
  }

  it("starts in the desktop's stored language and stores a language chosen in the app", async () => {
    const shell = createInProcessShell();
    shell.settings.language = 'en-US';
    const local = new Map<string, string>([[STORAGE_KEYS.local.locale, 'zh-CN']]);
    const store = new SettingsStore({
      get: (key: string) => local.get(key),
      set: (key: string, value: string) => void local.set(key, value),
      remove: (key: string) => void local.delete(key),
      clear: () => local.clear(),
    });
    const subscription = await connectDesktopLanguage(shell.api, store);
    expect(store.snapshot.locale).toBe('en-US');
    expect(shell.settings.language).toBe('en-US');
    store.setLocale('zh-CN');
    await settle();
    expect(shell.settings.language).toBe('zh-CN');
    subscription.unsubscribe();
  });
});
