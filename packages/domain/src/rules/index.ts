export * from './call';
export * from './collections';
export * from './conversation';
export * from './custom-message';
export * from './display-name';
export * from './mention';
export * from './message-flow';
export * from './money';
export * from './mute';
export * from './notification-text';
export * from './permissions';
export * from './picker';
export * from './pinned';
export * from './preview';
export * from './latest-message';
export * from './quote';
export * from './red-packet';
export * from './session';
export * from './text';
export * from './time-format';
export * from './message-size';
export * from './validation';
export * from './media';
export * from './wallet';
export * from './appearance';
// Composing mentions (suggestion ranking, at-all permission, at-text building, list mark).
export * from './mention-compose';
export * from './receive-option';
// Sign-in by QR code: the link, reading a scan back, renewing the code, naming a device.
export * from './qr-sign-in';
export * from './meeting';
export * from './call-history';
export * from './meeting-collect';
export * from './meeting-form';
export * from './meeting-text';
// Which meetings a device has reminded its user of, kept per user and bounded.
export * from './meeting-reminders';
// The meeting room: tiles per page, the host's end-for-everyone message, a participant's leaving.
export * from './meeting-room';
// The stay in a meeting a device keeps, so a next session posts the end its page never could.
export * from './meeting-stay';
