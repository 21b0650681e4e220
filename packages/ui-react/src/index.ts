export { App } from './App';
export type { AppProps } from './App';
export { loadI18n, localeResources, saveLocale, storedLocale, switchLocale } from './i18n';
export { hasStoredCredentials } from './credentials';
export { failureText } from './errors';
export { UI_MESSAGES } from './ui-messages';
export type { UiKey } from './ui-messages';
export type { AppServices, SignedInServices } from './services';
