export * from './result';
export * from './constants';
export * from './entities';
export * from './errors';
export * from './i18n';
export * from './rules';
