import type { LocalizedText } from '@teamim/domain';

type Table = Readonly<Record<string, LocalizedText>>;

const registered: Table[] = [];

/**
 * Adds the strings of a part that only some builds load (the desktop shell's views), so that the sign-in
 * page of the browser build does not carry them. The part registers when its module loads, which is
 * before the app builds its i18next instance (`loadI18n`).
 */
export function registerUiMessages(table: Table): void {
  if (!registered.includes(table)) registered.push(table);
}

/** The tables registered so far, in order. */
export function registeredUiMessages(): readonly Table[] {
  return registered;
}
