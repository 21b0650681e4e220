import { defineConfig } from 'vite';

export default defineConfig({
  // React 17+ automatic runtime without the React plugin: no fast refresh needed for builds and tests.
  esbuild: { jsx: 'automatic' },
  build: { target: 'es2022', sourcemap: true },
  preview: { strictPort: true },
});
