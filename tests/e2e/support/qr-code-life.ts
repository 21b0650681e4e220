/**
 * How long a sign-in QR code lives on the browser tests' servers: long enough for a sign-in before the
 * waiting page renews its code (15 s before the end), short enough for a test to wait one out. Every
 * default worker's server gets it, so the QR test shares a worker instead of needing one of its own.
 */
export const QR_CODE_SECONDS = 60;

export const QR_CODE_SERVER_FLAGS: readonly string[] = ['--qr-code-seconds', String(QR_CODE_SECONDS)];
