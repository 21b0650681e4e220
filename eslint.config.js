// @ts-check
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '**/.turbo/**',
      '**/data/**',
      'apps/web/public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { prefer: 'type-imports', fixStyle: 'separate-type-imports' },
      ],
      '@typescript-eslint/consistent-type-exports': 'error',
      '@typescript-eslint/no-import-type-side-effects': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always'],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // Plain JavaScript (scripts, configs) is not part of any tsconfig project.
    files: ['**/*.{js,mjs,cjs}'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: { ...globals.node } },
    rules: { 'no-console': 'off' },
  },
  {
    // Command-line entry points, benchmarks and test support talk to the terminal on purpose.
    files: ['scripts/**', 'bench/**', 'apps/server/src/main.ts', 'tests/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // House rule: no source file over 400 lines in the client packages. Fakes and other test support
    // count: they are read and changed like production code. Test files are excepted.
    files: ['packages/*/src/**/*.{ts,tsx}', 'apps/web/src/**/*.{ts,tsx}', 'apps/desktop/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'max-lines': ['error', { max: 400 }] },
  },
  {
    // The same house rule for the server, its test support included (test files excepted).
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'max-lines': ['error', { max: 400 }] },
  },
  {
    // Views are thin and themed: no inline style objects (makeStyles and Fluent tokens instead; computed
    // geometry goes through geometry.ts) and no hand-written subscriptions (observable-hooks instead).
    files: ['packages/ui-react/src/**/*.tsx', 'packages/ui-react/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', '**/testing/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='style'] > JSXExpressionContainer > ObjectExpression",
          message: 'No inline style objects in views: use makeStyles with Fluent tokens.',
        },
        {
          selector: "CallExpression[callee.property.name='subscribe']",
          message: 'Bind observables with observable-hooks (useObservableEagerState, useSubscription).',
        },
        {
          selector: 'Literal[value=/^#([0-9a-fA-F]{3}){1,2}$/]',
          message: 'No hex colours in views: use the theme tokens.',
        },
      ],
    },
  },
  prettier,
);
