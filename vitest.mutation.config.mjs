import { defineConfig } from 'vitest/config';

// The Vitest run Stryker drives (`npm run test:mutation`): only the two framework-free layers, each with its
// own tests. The cross-package suites under tests/ exercise the in-memory fakes and the adapters, none of
// which are mutated, and the integration ones need a real server and the SDK's wasm.
export default defineConfig({
  test: {
    projects: ['packages/domain', 'packages/application'],
  },
});
