import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'ui-react',
    // View tests render into jsdom; the pure mapping tests do not mind it. translate() reads only loaded
    // locale tables, so both are loaded before any test.
    environment: 'jsdom',
    setupFiles: ['../domain/src/testing/i18n-setup.ts', './src/testing/setup.ts'],
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    // Rendering Fluent UI in jsdom is slow on a busy machine; no test asserts on time.
    testTimeout: 120_000,
    // One module graph per worker: each file importing Fluent UI, React and a jsdom of its own was half the
    // project's CPU. Files must not lean on module state another file may have changed (i18n.test shows how).
    isolate: false,
    // Each view test file imports Fluent UI and React anew (one module graph per file); bundled once into a
    // few files, they load in about two thirds of the time (import 25 s → 16 s for six files on two cores).
    deps: {
      optimizer: {
        client: {
          enabled: true,
          include: [
            '@fluentui/react-components',
            '@fluentui/react-icons',
            'react',
            'react-dom',
            'react-dom/client',
            'react-i18next',
            'i18next',
            'react-router',
            'observable-hooks',
            'rxjs',
          ],
        },
      },
    },
  },
});
