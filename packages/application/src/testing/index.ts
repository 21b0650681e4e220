export * from './fake-backend';
export * from './fake-clock';
export * from './fake-im-device';
export * from './fake-servers';
export * from './fake-services';
export * from './harness';
export * from './contracts/im-ports.contract';
export * from './contracts/wallet.contract';
