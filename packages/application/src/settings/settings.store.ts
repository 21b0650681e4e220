import { BehaviorSubject, type Observable } from 'rxjs';
import {
  CloseAction,
  DEFAULT_APP_SETTINGS,
  isLocale,
  resolveLocale,
  STORAGE_KEYS,
  type AppSettings,
  type Locale,
} from '@teamim/domain';
import type { LocalStore } from '../ports/key-value-store.port';

/** Local-storage key of the desktop close action (not named by the spec; kept next to the locale). */
export const CLOSE_ACTION_KEY = 'IM_CLOSE_ACTION';
// The new-message notices switch ('on' or 'off'; absent until the user chose).
export const NOTIFICATIONS_KEY = 'IM_NOTIFICATIONS';

/**
 * App settings (spec §3, §2 account settings): locale (zh-CN default, or the stored value, or the desktop
 * app's stored language) and the desktop close action (minimize by default). `settings$` is hot and replays.
 */
export class SettingsStore {
  private readonly settings: BehaviorSubject<AppSettings>;
  readonly settings$: Observable<AppSettings>;

  constructor(private readonly store: LocalStore) {
    const closeAction = store.get(CLOSE_ACTION_KEY);
    // Notices switch
    const notifications = store.get(NOTIFICATIONS_KEY);
    this.settings = new BehaviorSubject<AppSettings>({
      locale: resolveLocale({ storedLocale: store.get(STORAGE_KEYS.local.locale) ?? null }),
      closeAction: closeAction === CloseAction.Quit ? CloseAction.Quit : DEFAULT_APP_SETTINGS.closeAction,
      ...(notifications === 'on' || notifications === 'off' ? { notifications: notifications === 'on' } : {}),
    });
    this.settings$ = this.settings.asObservable();
  }

  get snapshot(): AppSettings {
    return this.settings.value;
  }

  /** The desktop shell reports its stored language; it wins over the browser-stored one. */
  applyDesktopLanguage(language: string | undefined): void {
    const locale = resolveLocale({
      desktopLanguage: language ?? null,
      storedLocale: this.store.get(STORAGE_KEYS.local.locale) ?? null,
    });
    this.settings.next({ ...this.settings.value, locale });
  }

  /** Changes the language; unknown values are ignored and reported as false. */
  setLocale(locale: string): locale is Locale {
    if (!isLocale(locale)) {
      return false;
    }
    this.store.set(STORAGE_KEYS.local.locale, locale);
    this.settings.next({ ...this.settings.value, locale });
    return true;
  }

  setCloseAction(closeAction: CloseAction): void {
    this.store.set(CLOSE_ACTION_KEY, closeAction);
    this.settings.next({ ...this.settings.value, closeAction });
  }

  // The new-message notices switch, remembered on this device like the language.
  setNotifications(on: boolean): void {
    this.store.set(NOTIFICATIONS_KEY, on ? 'on' : 'off');
    this.settings.next({ ...this.settings.value, notifications: on });
  }

  dispose(): void {
    this.settings.complete();
  }
}
