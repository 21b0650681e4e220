/**
 * The app's route that a scanned or opened sign-in link lands on (the confirm dialog of a signed-in
 * client). A module of its own: the router needs it on the first load, the rest of sign-in by QR code
 * (`qr-sign-in.ts`) loads with its views.
 */
export const QR_SIGN_IN_ROUTE = '/link-device';
