import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'adapters-livekit',
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
