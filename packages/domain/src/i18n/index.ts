export * from './messages';
export * from './translate';
