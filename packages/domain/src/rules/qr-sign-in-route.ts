/**
 * The app's route that a scanned or opened sign-in link lands on (the confirm dialog of a signed-in
 * client). A module of its own: the router needs it on the first load, the rest of sign-in by QR code
 * (`qr-sign-in.ts`) loads with its views.
 */
export const QR_SIGN_IN_ROUTE = '/link-device';

/** A sign-in link's path and fragment, nothing else: no host, no query, nothing a redirect could abuse. */
const SIGN_IN_LINK_PATH = new RegExp(`^${QR_SIGN_IN_ROUTE}#[A-Za-z0-9_=&-]*$`);

/**
 * Where the app goes once the user has signed in: back to a sign-in link that sent a signed-out browser
 * to the sign-in page (its confirm dialog is what the user came for), otherwise the chats (spec §2).
 */
export function pathAfterSignIn(interrupted: unknown): string {
  return typeof interrupted === 'string' && SIGN_IN_LINK_PATH.test(interrupted) ? interrupted : '/chat';
}
