import preact from '@preact/preset-vite';
import { defaultClientConditions, defaultClientMainFields } from 'vite';
import { defineConfig } from 'vitest/config';
import { syncExternalStoreWithoutShim } from './vite.config.ts';

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
        // The browser build's runtime (React's API on Preact, docs/decisions/0013-preact.md): its plugin, and
        // dependencies resolved and bundled as for the browser, so that their imports of react reach Preact.
        plugins: [preact({ prefreshEnabled: false, devToolsEnabled: false })],
        resolve: {
          conditions: [...defaultClientConditions],
          mainFields: [...defaultClientMainFields],
          alias: [syncExternalStoreWithoutShim],
        },
        test: {
          // Screens and forms in a DOM, with only the network stubbed (src/client/testing).
          name: 'client',
          include: ['src/client/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['src/client/testing/setup.ts'],
          server: { deps: { inline: true } },
        },
      },
    ],
  },
});
