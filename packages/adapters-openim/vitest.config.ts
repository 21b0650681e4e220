import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'adapters-openim',
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
