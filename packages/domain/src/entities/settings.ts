/** App settings, locales, platform and session state (spec §3, §4). */

export const LOCALES = ['zh-CN', 'en-US'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-CN';

export function isLocale(value: unknown): value is Locale {
  // includes() compares with SameValueZero, so no value but one of these strings passes.
  return (LOCALES as readonly unknown[]).includes(value);
}

/** What the desktop close button does. */
export const CloseAction = {
  Quit: 'quit',
  MiniSize: 'miniSize',
} as const;
export type CloseAction = (typeof CloseAction)[keyof typeof CloseAction];
export const DEFAULT_CLOSE_ACTION: CloseAction = CloseAction.MiniSize;

export interface AppSettings {
  readonly locale: Locale;
  readonly closeAction: CloseAction;
  // New-message notices switch; absent until the user chose, then the platform's default holds.
  readonly notifications?: boolean;
}

export const DEFAULT_APP_SETTINGS: AppSettings = {
  locale: DEFAULT_LOCALE,
  closeAction: DEFAULT_CLOSE_ACTION,
};

/** SDK `Platform`; the web client is 5, the desktop shell reports 3, 4 or 7. */
export const Platform = {
  iOS: 1,
  Android: 2,
  Windows: 3,
  MacOSX: 4,
  Web: 5,
  MiniWeb: 6,
  Linux: 7,
  AndroidPad: 8,
  iPad: 9,
  Admin: 10,
} as const;
export type Platform = (typeof Platform)[keyof typeof Platform];
export const DEFAULT_PLATFORM_ID: Platform = Platform.Web;

/**
 * The platform ids every OpenIM 3.8 + chat 1.8 deployment signs a user in on: 1-9. 10 is the admin
 * platform (open-im-server refuses a user token for it with 1002); 11 (HarmonyOS) is unknown to
 * open-im-server v3.8.3 and refused by chat's login (1001) up to v1.8.4-patch.2, so a client signing in
 * with it could not sign in on many real deployments.
 */
const USER_PLATFORM_IDS: readonly number[] = [
  Platform.iOS,
  Platform.Android,
  Platform.Windows,
  Platform.MacOSX,
  Platform.Web,
  Platform.MiniWeb,
  Platform.Linux,
  Platform.AndroidPad,
  Platform.iPad,
];

/** Whether a client may sign users in as `value` (the web config's `platformID`, the desktop's choice). */
export function isUserPlatformID(value: unknown): value is Platform {
  return typeof value === 'number' && USER_PLATFORM_IDS.includes(value);
}

/** Connection and sync progress (spec §4). */
export const LoadState = {
  Loading: 'loading',
  Success: 'success',
  Failed: 'failed',
} as const;
export type LoadState = (typeof LoadState)[keyof typeof LoadState];

export const Presence = {
  Online: 'online',
  Offline: 'offline',
  Typing: 'typing',
} as const;
export type Presence = (typeof Presence)[keyof typeof Presence];

/** How the user logs in (stored in local storage). */
export const LoginMethod = {
  Phone: 'phone',
  Email: 'email',
} as const;
export type LoginMethod = (typeof LoginMethod)[keyof typeof LoginMethod];

/** Member-picker modes; values are the spec's names, misspellings included. */
export const PickerMode = {
  CreateGroup: 'CRATE_GROUP',
  InviteToGroup: 'INVITE_TO_GROUP',
  KickFromGroup: 'KICK_FORM_GROUP',
  TransferInGroup: 'TRANSFER_IN_GROUP',
  SelectUser: 'SELECT_USER',
} as const;
export type PickerMode = (typeof PickerMode)[keyof typeof PickerMode];
