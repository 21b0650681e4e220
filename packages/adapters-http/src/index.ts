export * from './chat-http-client';
export * from './chat-api';
export * from './wallet-api';
export * from './account-api';
export * from './web-storage';
export * from './memory-storage';
export { md5Hex } from './md5';
export * from './qr-sign-in-api';
