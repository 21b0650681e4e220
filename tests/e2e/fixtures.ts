// The shared fixtures live in support/fixtures.ts (documented there); tests import them from here or there.
export * from './support/fixtures';
