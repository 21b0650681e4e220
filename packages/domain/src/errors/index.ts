export * from './domain-errors';
export * from './server-errors';
export * from './transport-errors';
