export * from './fake-account-server';
export * from './fake-backend';
export * from './fake-clock';
export * from './fake-im-device';
export * from './fake-servers';
export * from './fake-services';
export * from './harness';
export * from './contracts/im-ports.contract';
export * from './contracts/wallet.contract';
export * from './contracts/file-uploader.contract';
export * from './fake-call-devices';
export * from './fake-call-media';
export * from './fake-media-server-probe';
export * from './fake-desktop';
// New-message notices
export * from './fake-notices';
export * from './contracts/message-notices.contract';
export * from './fake-network';
