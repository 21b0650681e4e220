export * from './account-api.port';
export * from './call-signalling.port';
export * from './chat-api.port';
export * from './clock.port';
export * from './contacts.port';
export * from './conversations.port';
export * from './file-processor.port';
export * from './groups.port';
export * from './id-generator.port';
export * from './im-session.port';
export * from './key-value-store.port';
export * from './logger.port';
export * from './media-server-probe.port';
export * from './messages.port';
export * from './notifier.port';
export * from './rtc-room.port';
export * from './wallet-api.port';
export * from './call-devices.port';
export * from './call-media.port';
export * from './desktop.port';
// New-message notices
export * from './message-notices.port';
export * from './network-status.port';
// Sign-in by QR code: the waiting page's and the confirming device's calls
export * from './qr-sign-in.port';
export * from './meeting-room.port';
