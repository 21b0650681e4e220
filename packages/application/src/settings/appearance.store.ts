import { BehaviorSubject, type Observable } from 'rxjs';
import { isThemePreference, type ThemePreference } from '@teamim/domain';
import type { LocalStore } from '../ports/key-value-store.port';

/** Local-storage key of the theme choice (beyond the spec, next to the locale). */
export const THEME_KEY = 'IM_THEME';

/**
 * The theme the user chose in Account settings: light, dark or the system's (the default). App-level,
 * not per session: the sign-in page follows it too, and it survives reloads and sign-outs.
 */
export class AppearanceStore {
  private readonly preference: BehaviorSubject<ThemePreference>;
  readonly preference$: Observable<ThemePreference>;

  constructor(private readonly store: LocalStore) {
    const stored = store.get(THEME_KEY);
    this.preference = new BehaviorSubject<ThemePreference>(isThemePreference(stored) ? stored : 'system');
    this.preference$ = this.preference.asObservable();
  }

  get snapshot(): ThemePreference {
    return this.preference.value;
  }

  /** Changes the theme; unknown values are ignored and reported as false. */
  setPreference(preference: string): preference is ThemePreference {
    if (!isThemePreference(preference)) return false;
    this.store.set(THEME_KEY, preference);
    this.preference.next(preference);
    return true;
  }
}
