import { firstValueFrom } from 'rxjs';
import { describe, expect, it } from 'vitest';
import {
  FakeCloseActionSettings,
  FakeDesktopLogs,
  FakeLogUploader,
  FakeUpdater,
  FakeWindowControls,
} from '../../testing/fake-desktop';
import { RecordingNotifier } from '../../testing/fake-notifier';
import { CloseActionViewModel } from './close-action.view-model';
import { LogUploadViewModel } from './log-upload.view-model';
import { TitleBarViewModel } from './title-bar.view-model';
import { UpdateBannerViewModel } from './update-banner.view-model';

const settle = async (): Promise<void> => {
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
};

describe('TitleBarViewModel', () => {
  it('shows its own controls except on macOS and follows the maximized state', async () => {
    const controls = new FakeWindowControls();
    const vm = new TitleBarViewModel(controls);
    expect(vm.state.ownControls).toBe(false);
    await settle();
    expect(vm.state).toEqual({ ownControls: true, maximized: false });
    await vm.toggleMaximize();
    expect(vm.state.maximized).toBe(true);
    controls.setMaximizedExternally(false);
    expect(vm.state.maximized).toBe(false);
    await vm.minimize();
    await vm.close();
    expect(controls.calls).toEqual(['toggleMaximize', 'minimize', 'close']);

    const mac = new FakeWindowControls();
    mac.desktop = { os: 'macos', version: '0.1.0', platformId: 4 };
    const macVm = new TitleBarViewModel(mac);
    await settle();
    expect(macVm.state.ownControls).toBe(false);
  });

  it('stops following the window once disposed', async () => {
    const controls = new FakeWindowControls();
    const vm = new TitleBarViewModel(controls);
    await settle();
    vm.dispose();
    controls.setMaximizedExternally(true);
    expect(vm.state.maximized).toBe(false);
  });
});

describe('CloseActionViewModel', () => {
  it('starts from the default, shows the stored choice and saves a new one', async () => {
    const settings = new FakeCloseActionSettings();
    settings.stored = 'quit';
    const vm = new CloseActionViewModel(settings);
    expect(vm.state).toMatchObject({ action: 'miniSize', loaded: false });
    await settle();
    expect(vm.state).toMatchObject({ action: 'quit', loaded: true, options: ['miniSize', 'quit'] });
    await expect(vm.choose('miniSize')).resolves.toBe(true);
    expect(settings.stored).toBe('miniSize');
  });

  it('puts the previous choice back when saving fails', async () => {
    const settings = new FakeCloseActionSettings();
    const vm = new CloseActionViewModel(settings);
    await settle();
    settings.failNextSet = true;
    await expect(vm.choose('quit')).resolves.toBe(false);
    expect(vm.state).toMatchObject({ action: 'miniSize', failed: true, saving: false });
    expect(settings.stored).toBe('miniSize');
  });
});

describe('LogUploadViewModel', () => {
  function setup() {
    const logs = new FakeDesktopLogs();
    logs.lines = Array.from({ length: 20_000 }, (_, i) => `line ${i + 1}`);
    const uploader = new FakeLogUploader();
    const notifier = new RecordingNotifier();
    const vm = new LogUploadViewModel(logs, uploader, notifier, () => new Date('2026-01-02T03:04:05.678Z'));
    const percents: number[] = [];
    vm.state$.subscribe((state) => percents.push(state.percent));
    return { logs, uploader, notifier, vm, percents };
  }

  it('uploads the last 100 lines by default, with progress and a success toast', async () => {
    const { logs, uploader, notifier, vm, percents } = setup();
    expect(vm.state.lineInput).toBe('100');
    await expect(vm.uploadChosen()).resolves.toBe(true);
    expect(logs.requests).toEqual([100]);
    expect(uploader.uploaded[0]?.name).toBe('teamim-log-2026-01-02T03-04-05-678Z.txt');
    expect(uploader.uploaded[0]?.text.split('\n')[0]).toBe('line 19901');
    expect([...new Set(percents)]).toEqual([0, 25, 50, 100]);
    expect(vm.state).toMatchObject({ phase: 'succeeded', percent: 100 });
    expect(vm.state.url).toMatch(/^https:\/\/files\.fake\/logs\//);
    expect(notifier.toasts).toEqual([{ level: 'success', key: 'toast.uploadSuccess' }]);
  });

  it('uploads 10,000 lines or a chosen count, refusing counts outside 1-10,000', async () => {
    const { logs, vm } = setup();
    await vm.uploadAll();
    vm.setLineInput('2500');
    await vm.uploadChosen();
    for (const bad of ['0', '10001', '12.5', 'abc', '']) {
      vm.setLineInput(bad);
      expect(vm.state.lineInputValid).toBe(false);
      await expect(vm.uploadChosen()).resolves.toBe(false);
    }
    expect(logs.requests).toEqual([10_000, 2_500]);
  });

  it('reports a failed upload with a failure toast', async () => {
    const { uploader, notifier, vm } = setup();
    uploader.failWith = 1004;
    await expect(vm.uploadAll()).resolves.toBe(false);
    expect(vm.state.phase).toBe('failed');
    expect(notifier.toasts).toEqual([{ level: 'error', key: 'toast.uploadFailed' }]);
  });

  it('runs one upload at a time and never moves progress backwards', async () => {
    const { uploader, vm, percents } = setup();
    uploader.progressSteps = [0.6, 0.3, 1];
    const first = vm.uploadAll();
    await expect(vm.uploadAll()).resolves.toBe(false);
    await first;
    expect(uploader.uploaded).toHaveLength(1);
    expect([...new Set(percents)]).toEqual([0, 60, 100]);
  });
});

describe('UpdateBannerViewModel', () => {
  it('shows available, download progress and "restart to update"', async () => {
    const updater = new FakeUpdater();
    const vm = new UpdateBannerViewModel(updater);
    expect(vm.state).toMatchObject({ visible: false, canCheck: true, canRestart: false });
    await vm.check();
    expect(updater.checks).toBe(1);
    expect(vm.state.canCheck).toBe(false);
    updater.emit({ status: 'available', version: '1.1.0' });
    expect(vm.state).toMatchObject({ visible: true, canRestart: false });
    updater.emit({ status: 'downloading', version: '1.1.0', percent: 37 });
    expect(vm.state.update).toEqual({ status: 'downloading', version: '1.1.0', percent: 37 });
    await vm.restart();
    expect(updater.installs).toBe(0);
    updater.emit({ status: 'ready', version: '1.1.0' });
    expect(vm.state).toMatchObject({ visible: true, canRestart: true });
    await vm.restart();
    expect(updater.installs).toBe(1);
    expect((await firstValueFrom(vm.state$)).update.status).toBe('ready');
  });

  it('offers a new check after no update or an error, not while disabled', async () => {
    const updater = new FakeUpdater();
    const vm = new UpdateBannerViewModel(updater);
    updater.emit({ status: 'error', message: 'offline' });
    expect(vm.state).toMatchObject({ visible: false, canCheck: true });
    updater.emit({ status: 'disabled' });
    await vm.check();
    expect(updater.checks).toBe(0);
  });
});
