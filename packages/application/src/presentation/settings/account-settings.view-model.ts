import { combineLatest } from 'rxjs';
import { LOCALES, THEME_PREFERENCES, type Locale, type ThemePreference } from '@teamim/domain';
import type { CurrentUser } from '../../session/current-user';
import type { AppearanceStore } from '../../settings/appearance.store';
import type { SettingsStore } from '../../settings/settings.store';
import { StateViewModel } from '../view-model';
import { viewModelFactory } from '../view-model-factory';

export interface AccountSettingsState {
  readonly locale: Locale;
  readonly locales: readonly Locale[];
  readonly theme: ThemePreference;
  readonly themes: readonly ThemePreference[];
  /** Whether a pay password exists: the entry reads "change" rather than "set". */
  readonly hasPayPassword: boolean;
  /** The route of the contacts blacklist screen. */
  readonly blacklistRoute: string;
}

/** Where the contacts area shows the blacklist (spec §2 Blacklist). */
export const BLACKLIST_ROUTE = '/contact/blacklist';

/**
 * Account settings (spec §2): language (zh-CN or en-US, applied at once and remembered), theme (light,
 * dark or the system's), the blacklist and the pay password. The close-button action is the desktop's.
 */
export class AccountSettingsViewModel extends StateViewModel<AccountSettingsState> {
  constructor(
    private readonly settings: SettingsStore,
    private readonly appearance: AppearanceStore,
    currentUser: CurrentUser,
  ) {
    super({
      locale: settings.snapshot.locale,
      locales: LOCALES,
      theme: appearance.snapshot,
      themes: THEME_PREFERENCES,
      hasPayPassword: currentUser.selfInfo?.hasPayPassword ?? false,
      blacklistRoute: BLACKLIST_ROUTE,
    });
    this.own(
      combineLatest([settings.settings$, appearance.preference$, currentUser.selfInfo$]).subscribe(
        ([app, theme, self]) =>
          this.patch({ locale: app.locale, theme, hasPayPassword: self?.hasPayPassword ?? false }),
      ),
    );
  }

  /** Remembers the language; false for anything but zh-CN and en-US. */
  setLocale(locale: string): boolean {
    return this.settings.setLocale(locale);
  }

  setTheme(theme: string): boolean {
    return this.appearance.setPreference(theme);
  }
}

/** Built by `SessionViewModels.build`; its views import it, so this view model loads with them. */
export const accountSettingsViewModel = viewModelFactory(
  (s, appearance: AppearanceStore) => new AccountSettingsViewModel(s.settings, appearance, s.currentUser),
);
