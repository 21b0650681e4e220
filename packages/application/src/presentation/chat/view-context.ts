import type { Locale } from '@teamim/domain';

/** Who is looking and when: everything a row needs besides its data, so the mapping stays pure. */
export interface ViewContext {
  readonly locale: Locale;
  readonly selfUserID: string;
  readonly nowMs: number;
  readonly utcOffsetMinutes: number;
}
