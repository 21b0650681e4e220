import { describe, expect, it } from 'vitest';
import { CloseAction } from '@teamim/domain';
import { CloseActionSettings, LogUploader, type LogFile, type UpdateStatus } from '../../ports/desktop.port';
import { FakeDesktopLogs, FakeLogUploader, FakeUpdater } from '../../testing/fake-desktop';
import { RecordingNotifier } from '../../testing/fake-notifier';
import { CloseActionViewModel, type CloseActionState } from './close-action.view-model';
import { LogUploadViewModel, type LogUploadState } from './log-upload.view-model';
import { UpdateBannerViewModel } from './update-banner.view-model';

// Shells that answer only when the test says, so that every state in between can be seen.

const settle = async (): Promise<void> => {
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
};

interface Gate {
  readonly promise: Promise<void>;
  open(): void;
  fail(): void;
}

function gate(): Gate {
  let open!: () => void;
  let fail!: () => void;
  const promise = new Promise<void>((resolve, reject) => {
    open = resolve;
    fail = () => reject(new Error('refused'));
  });
  return { promise, open, fail };
}

/** A settings file whose reads and writes finish when the test opens their gate. */
class GatedCloseActionSettings extends CloseActionSettings {
  readonly sets: CloseAction[] = [];
  readonly setGates: Gate[] = [];
  readonly read = gate();
  stored: CloseAction = CloseAction.Quit;

  get(): Promise<CloseAction> {
    return this.read.promise.then(() => this.stored);
  }

  set(action: CloseAction): Promise<void> {
    this.sets.push(action);
    const g = gate();
    this.setGates.push(g);
    return g.promise;
  }
}

const closeInitial: CloseActionState = {
  action: CloseAction.MiniSize,
  options: [CloseAction.MiniSize, CloseAction.Quit],
  loaded: false,
  saving: false,
  failed: false,
};

describe('CloseActionViewModel: loading and saving', () => {
  it('shows the default until the stored choice arrives', async () => {
    const settings = new GatedCloseActionSettings();
    const vm = new CloseActionViewModel(settings);
    expect(vm.state).toEqual(closeInitial);
    settings.read.open();
    await settle();
    expect(vm.state).toEqual({ ...closeInitial, action: CloseAction.Quit, loaded: true });
  });

  it('an unreadable settings file still counts as loaded, with the default', async () => {
    const settings = new GatedCloseActionSettings();
    const vm = new CloseActionViewModel(settings);
    settings.read.fail();
    await settle();
    expect(vm.state).toEqual({ ...closeInitial, loaded: true });
  });

  it('choosing the shown action saves nothing and succeeds', async () => {
    const settings = new GatedCloseActionSettings();
    const vm = new CloseActionViewModel(settings);
    expect(await vm.choose(CloseAction.MiniSize)).toBe(true);
    expect(settings.sets).toEqual([]);
    expect(vm.state).toEqual(closeInitial);
  });

  it('shows the new choice while saving, refuses another meanwhile, and settles when saved', async () => {
    const settings = new GatedCloseActionSettings();
    const vm = new CloseActionViewModel(settings);
    const saving = vm.choose(CloseAction.Quit);
    expect(vm.state).toEqual({ ...closeInitial, action: CloseAction.Quit, saving: true });
    expect(await vm.choose(CloseAction.MiniSize)).toBe(false);
    expect(settings.sets).toEqual([CloseAction.Quit]);
    settings.setGates[0]?.open();
    expect(await saving).toBe(true);
    expect(vm.state).toEqual({ ...closeInitial, action: CloseAction.Quit });
  });

  it('a failed save puts the previous choice back; the next attempt clears the failure', async () => {
    const settings = new GatedCloseActionSettings();
    const vm = new CloseActionViewModel(settings);
    const first = vm.choose(CloseAction.Quit);
    settings.setGates[0]?.fail();
    expect(await first).toBe(false);
    expect(vm.state).toEqual({ ...closeInitial, failed: true });
    const second = vm.choose(CloseAction.Quit);
    expect(vm.state).toEqual({ ...closeInitial, action: CloseAction.Quit, saving: true });
    settings.setGates[1]?.open();
    expect(await second).toBe(true);
    expect(vm.state).toEqual({ ...closeInitial, action: CloseAction.Quit });
  });
});

/** An uploader whose progress and outcome the test drives. */
class DrivenLogUploader extends LogUploader {
  readonly uploaded: LogFile[] = [];
  progress: (fraction: number) => void = () => undefined;
  private finish: Gate = gate();

  upload(log: LogFile, onProgress: (fraction: number) => void): Promise<string> {
    this.uploaded.push(log);
    this.progress = onProgress;
    this.finish = gate();
    return this.finish.promise.then(() => `https://files.fake/${log.name}`);
  }

  succeed(): void {
    this.finish.open();
  }

  fail(): void {
    this.finish.fail();
  }
}

const uploadInitial: LogUploadState = {
  lineInput: '100',
  lineInputValid: true,
  phase: 'idle',
  percent: 0,
  url: undefined,
};

function logSetup(uploader: LogUploader = new FakeLogUploader()) {
  const logs = new FakeDesktopLogs();
  logs.lines = Array.from({ length: 12_000 }, (_, i) => `line ${i + 1}`);
  const notifier = new RecordingNotifier();
  const vm = new LogUploadViewModel(logs, uploader, notifier, () => new Date('2026-03-04T05:06:07.890Z'));
  return { logs, notifier, vm };
}

describe('LogUploadViewModel: the line count and the upload', () => {
  it('starts idle with a valid default count', () => {
    expect(logSetup().vm.state).toEqual(uploadInitial);
  });

  it('1 and 10,000 lines are allowed; a valid count after an invalid one is valid again', async () => {
    const { logs, vm } = logSetup();
    vm.setLineInput('1');
    expect(vm.state.lineInputValid).toBe(true);
    await vm.uploadChosen();
    vm.setLineInput('abc');
    expect(vm.state.lineInputValid).toBe(false);
    vm.setLineInput(' 10000 ');
    expect(vm.state.lineInputValid).toBe(true);
    await vm.uploadChosen();
    expect(logs.requests).toEqual([1, 10_000]);
  });

  it('without a clock of its own, names the file after the current time', async () => {
    const logs = new FakeDesktopLogs();
    const uploader = new FakeLogUploader();
    const vm = new LogUploadViewModel(logs, uploader, new RecordingNotifier());
    expect(await vm.uploadAll()).toBe(true);
    const year = new Date().getUTCFullYear();
    expect(uploader.uploaded[0]?.name).toMatch(
      new RegExp(`^teamim-log-${year}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\d-\\d{3}Z\\.txt$`),
    );
  });

  it('refuses a second upload while the first is uploading; progress moves forward only, once per step', async () => {
    const uploader = new DrivenLogUploader();
    const { vm, notifier } = logSetup(uploader);
    const percents: number[] = [];
    vm.state$.subscribe((s) => percents.push(s.percent));
    const first = vm.uploadAll();
    await settle();
    expect(vm.state).toEqual({ ...uploadInitial, phase: 'uploading' });
    expect(await vm.uploadAll()).toBe(false);
    expect(await vm.uploadChosen()).toBe(false);
    uploader.progress(0.4);
    uploader.progress(0.4);
    uploader.progress(0.2);
    uploader.progress(0.7);
    expect(vm.state).toEqual({ ...uploadInitial, phase: 'uploading', percent: 70 });
    uploader.succeed();
    expect(await first).toBe(true);
    expect(uploader.uploaded).toHaveLength(1);
    // initial, collecting, uploading, 40, 70, done: a repeated or smaller fraction changes nothing.
    expect(percents).toEqual([0, 0, 0, 40, 70, 100]);
    expect(vm.state).toEqual({
      ...uploadInitial,
      phase: 'succeeded',
      percent: 100,
      url: 'https://files.fake/teamim-log-2026-03-04T05-06-07-890Z.txt',
    });
    expect(notifier.toasts).toEqual([{ level: 'success', key: 'toast.uploadSuccess' }]);
  });

  it('a progress report arriving after a failure leaves the failed state alone', async () => {
    const uploader = new DrivenLogUploader();
    const { vm, notifier } = logSetup(uploader);
    const upload = vm.uploadAll();
    await settle();
    uploader.progress(0.3);
    uploader.fail();
    expect(await upload).toBe(false);
    uploader.progress(0.9);
    expect(vm.state).toEqual({ ...uploadInitial, phase: 'failed', percent: 30 });
    expect(notifier.toasts).toEqual([{ level: 'error', key: 'toast.uploadFailed' }]);
  });
});

describe('UpdateBannerViewModel: every status', () => {
  it('shows the banner only for available, downloading and ready; offers a check only when one can start', () => {
    const updater = new FakeUpdater();
    const vm = new UpdateBannerViewModel(updater);
    const cases: Array<[UpdateStatus, boolean, boolean, boolean]> = [
      [{ status: 'idle' }, false, false, true],
      [{ status: 'checking' }, false, false, false],
      [{ status: 'not-available' }, false, false, true],
      [{ status: 'available', version: '2.0.0' }, true, false, false],
      [{ status: 'downloading', version: '2.0.0', percent: 12 }, true, false, false],
      [{ status: 'ready', version: '2.0.0' }, true, true, false],
      [{ status: 'error', message: 'offline' }, false, false, true],
      [{ status: 'disabled' }, false, false, false],
    ];
    for (const [update, visible, canRestart, canCheck] of cases) {
      updater.emit(update);
      expect(vm.state).toEqual({ update, visible, canRestart, canCheck });
    }
  });

  it('a check from "no update" asks the updater again', async () => {
    const updater = new FakeUpdater();
    const vm = new UpdateBannerViewModel(updater);
    updater.emit({ status: 'not-available' });
    await vm.check();
    expect(updater.checks).toBe(1);
  });
});
