import { defineConfig } from 'vitest/config';

// npm run test:multi: two server processes on one PostgreSQL (DATABASE_URL), driven over HTTP. Not part of
// `vitest run`: it needs PostgreSQL and stops and starts it (.ci/run runs it after the API suite).
export default defineConfig({
  test: {
    name: 'multi',
    include: ['tests/multi-process/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
