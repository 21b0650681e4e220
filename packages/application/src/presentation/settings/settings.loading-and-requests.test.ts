import { BehaviorSubject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { Gender, type SelfInfo } from '@teamim/domain';
import type {
  EnableFailure,
  MessageNotificationService,
  NotificationsState,
} from '../../notifications/message-notifications.service';
import { CurrentUser } from '../../session/current-user';
import { AppearanceStore } from '../../settings/appearance.store';
import { SettingsStore } from '../../settings/settings.store';
import { InMemoryLocalStore } from '../../testing/fake-key-value-store';
import { RecordingNotifier } from '../../testing/fake-notifier';
import { AboutViewModel } from './about.view-model';
import { AccountSettingsViewModel } from './account-settings.view-model';
import { NotificationSettingViewModel } from './notification-setting.view-model';

describe('AccountSettingsViewModel before the self info is loaded', () => {
  it('shows "set" for the pay password while nothing is known, then follows the self info', () => {
    const store = new InMemoryLocalStore();
    const currentUser = new CurrentUser('me');
    const vm = new AccountSettingsViewModel(
      new SettingsStore(store),
      new AppearanceStore(store),
      currentUser,
    );
    expect(vm.state).toEqual({
      locale: 'zh-CN',
      locales: ['zh-CN', 'en-US'],
      theme: 'system',
      themes: ['system', 'light', 'dark'],
      hasPayPassword: false,
      blacklistRoute: '/contact/blacklist',
    });
    const self: SelfInfo = {
      userID: 'me',
      nickname: 'Me',
      faceURL: '',
      email: '',
      gender: Gender.Unknown,
      birth: 0,
      phoneNumber: '',
      allowAddFriend: 1,
    };
    currentUser.setSelfInfo(self);
    expect(vm.state.hasPayPassword).toBe(false);
    currentUser.setSelfInfo({ ...self, hasPayPassword: true });
    expect(vm.state.hasPayPassword).toBe(true);
    currentUser.setSelfInfo(undefined);
    expect(vm.state.hasPayPassword).toBe(false);
  });
});

describe('AboutViewModel: the copy toasts', () => {
  it('a copy raises exactly the success toast; a refused clipboard exactly the error toast', async () => {
    const notifier = new RecordingNotifier();
    const vm = new AboutViewModel(notifier);
    expect(await vm.copy(() => Promise.resolve())).toBe(true);
    expect(notifier.toasts).toEqual([{ level: 'success', key: 'toast.copySuccess' }]);
    expect(await vm.copy(() => Promise.reject(new Error('denied')))).toBe(false);
    expect(notifier.toasts).toEqual([
      { level: 'success', key: 'toast.copySuccess' },
      { level: 'error', key: 'toast.copyFailed' },
    ]);
  });
});

type EnableResult = { readonly ok: true } | { readonly ok: false; error: EnableFailure };

/** The notifications service as the switch sees it: each request answers when the test says. */
class ScriptedNotifications {
  readonly requests: boolean[] = [];
  readonly answers: Array<(result: EnableResult) => void> = [];
  readonly state = new BehaviorSubject<NotificationsState>({ enabled: false, permission: 'default' });
  readonly state$ = this.state.asObservable();

  get enabled(): boolean {
    return this.state.value.enabled;
  }

  setEnabled(on: boolean): Promise<EnableResult> {
    this.requests.push(on);
    return new Promise((resolve) => this.answers.push(resolve));
  }
}

describe('NotificationSettingViewModel: one request at a time', () => {
  it('waits for the answer, refuses another switch meanwhile, and clears the last problem when asking again', async () => {
    const service = new ScriptedNotifications();
    const vm = new NotificationSettingViewModel(service as unknown as MessageNotificationService);
    expect(vm.state).toEqual({ enabled: false, busy: false, problem: undefined });

    const first = vm.setEnabled(true);
    expect(vm.state).toEqual({ enabled: false, busy: true, problem: undefined });
    expect(await vm.setEnabled(false)).toBe(false);
    expect(service.requests).toEqual([true]);
    service.answers[0]?.({ ok: false, error: 'denied' });
    expect(await first).toBe(false);
    expect(vm.state).toEqual({ enabled: false, busy: false, problem: 'denied' });

    const second = vm.setEnabled(true);
    expect(vm.state).toEqual({ enabled: false, busy: true, problem: undefined });
    service.state.next({ enabled: true, permission: 'granted' });
    service.answers[1]?.({ ok: true });
    expect(await second).toBe(true);
    expect(service.requests).toEqual([true, true]);
    expect(vm.state).toEqual({ enabled: true, busy: false, problem: undefined });
  });
});
