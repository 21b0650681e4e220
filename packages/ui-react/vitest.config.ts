import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'ui-react',
    environment: 'node',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
  },
});
