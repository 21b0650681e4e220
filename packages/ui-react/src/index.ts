export { App } from './App';
export type { AppProps } from './App';
export { loadI18n, localeResources, saveLocale, storedLocale, switchLocale } from './i18n';
export { hasStoredCredentials, storeCredentials } from './credentials';
export { failureText } from './errors';
export { UI_MESSAGES } from './ui-messages';
export type { UiKey } from './ui-messages';
export type {
  AccountCredentials,
  AccountGateway,
  AccountIdentifier,
  AppServices,
  CodePurpose,
  SignedInServices,
} from './services';
