export { App } from './App';
export type { AppProps } from './App';
export { loadI18n, localeResources, saveLocale, storedLocale, switchLocale } from './i18n';
export { UI_MESSAGES } from './ui-messages';
export type { UiKey } from './ui-messages';
export type { AppServices, QrSignInServices } from './services';
export { DesktopSlotsProvider, useDesktopSlots } from './desktop-slots';
export type { DesktopSlots } from './desktop-slots';
// Desktop: the desktop-only views, built over the desktop ports by the desktop composition root.
export { createDesktopSlots } from './desktop/create-desktop-slots';
export type { DesktopUiPorts } from './desktop/create-desktop-slots';
