import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'api',
          include: ['src/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'unit',
          include: ['src/shared/**/*.test.ts', 'src/client/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          // Screens and forms in a DOM, with only the network stubbed (src/client/testing).
          name: 'client',
          include: ['src/client/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['src/client/testing/setup.ts'],
        },
      },
    ],
  },
});
