import { fileURLToPath } from 'node:url';
import preact from '@preact/preset-vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';
import { api } from './src/shared/api/contract.ts';

const apiServer = `http://localhost:${process.env.PORT ?? 3000}`;

/**
 * The browser reads only the method and path of each contract entry (src/client/lib/api-client.ts). Its build
 * gets the contract as just those, because the real module brings zod and every schema with it: about 26 kB
 * of gzipped JavaScript in the home page's first download. Types still come from the real contract.
 */
function contractWithoutSchemas(): Plugin {
  const contractFile = fileURLToPath(new URL('./src/shared/api/contract.ts', import.meta.url));
  const routes = Object.fromEntries(
    Object.entries(api).map(([group, endpoints]) => [
      group,
      Object.fromEntries(
        Object.entries(endpoints).map(([name, { method, path }]) => [name, { method, path }]),
      ),
    ]),
  );
  return {
    name: 'contract-without-schemas',
    apply: 'build',
    load: (id) => (id === contractFile ? `export const api = ${JSON.stringify(routes)};` : undefined),
  };
}

/** wouter's hook for the address, without the shim for old React (src/client/lib/use-sync-external-store.ts). */
export const syncExternalStoreWithoutShim = {
  find: /^use-sync-external-store\/shim(\/index\.js)?$/,
  replacement: fileURLToPath(new URL('./src/client/lib/use-sync-external-store.ts', import.meta.url)),
};

export default defineConfig({
  // The app is written against React's API and runs on Preact (docs/decisions/0013-preact.md).
  plugins: [contractWithoutSchemas(), preact(), tailwindcss()],
  // zod without its probe for eval, which the Content-Security-Policy refuses (src/client/lib/zod-jitless.ts).
  resolve: {
    alias: [
      {
        find: /^zod$/,
        replacement: fileURLToPath(new URL('./src/client/lib/zod-jitless.ts', import.meta.url)),
      },
      syncExternalStoreWithoutShim,
    ],
  },
  publicDir: 'public',
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        // The libraries every page runs on, in one file: fewer requests than rolldown's shared pieces of them
        // (about 3 KB less on the home page), and a file that changes only with them.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](preact|@tanstack|wouter|regexparam)[\\/]/,
            },
            // What the first download of any page and of any list's page shares, in one file each (the
            // number formats, which would otherwise be a file of their own, travel with the API client).
            {
              name: 'api',
              test: /src[\\/](client[\\/]lib[\\/](api-client|query-keys)|shared[\\/]number-format)\.ts$/,
            },
            {
              name: 'list-controls',
              test: /src[\\/]client[\\/]components[\\/]ui[\\/](search-field|pagination|no-matches)\.tsx$/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': apiServer, '/uploads': apiServer },
  },
});
