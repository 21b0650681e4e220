export * from './domain-errors';
export * from './server-errors';
