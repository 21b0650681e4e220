/**
 * The app's route that a scanned or opened sign-in link lands on (the confirm dialog of a signed-in
 * client). A module of its own: the router needs it on the first load, the rest of sign-in by QR code
 * (`qr-sign-in.ts`) loads with its views.
 */
export const QR_SIGN_IN_ROUTE = '/link-device';

/**
 * Where the app goes once the user has signed in: back to a sign-in link that sent a signed-out browser
 * to the sign-in page (its confirm dialog is what the user came for), otherwise the chats (spec §2).
 * Only the link's own route qualifies, an in-app path, so nothing here can lead off the app.
 */
export function pathAfterSignIn(interrupted: unknown): string {
  return typeof interrupted === 'string' && interrupted.startsWith(`${QR_SIGN_IN_ROUTE}#`)
    ? interrupted
    : '/chat';
}
