export * from './messages';
export * from './translate';
export * from './nest';
export * from './load';
