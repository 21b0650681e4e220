// Spec §5's validation rules, one file per feature. Each returns the accepted (normalised) value or the
// first failure; the form-wide prompts and generic checks are in `form.ts`.
export type { Validated } from './validated';
export * from './form';
export * from './account';
export * from './pay-password';
export * from './groups';
export * from './messages';
export * from './files';
