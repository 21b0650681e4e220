import { defineConfig } from 'vite';

export default defineConfig({
  // React 17+ automatic runtime without the React plugin: no fast refresh needed for builds and tests.
  esbuild: { jsx: 'automatic' },
  build: {
    target: 'es2022',
    sourcemap: true,
    rollupOptions: {
      onwarn(warning, warn) {
        // Fluent UI marks its modules "use client" for React Server Components; meaningless in a client
        // bundle, and Rollup reports every one of them (and fails to map the location of each report).
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE' || warning.code === 'SOURCEMAP_ERROR') return;
        warn(warning);
      },
    },
  },
  preview: { strictPort: true },
});
