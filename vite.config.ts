import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
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

export default defineConfig({
  plugins: [contractWithoutSchemas(), react(), tailwindcss()],
  // zod without its probe for eval, which the Content-Security-Policy refuses (src/client/lib/zod-jitless.ts).
  resolve: {
    alias: [
      {
        find: /^zod$/,
        replacement: fileURLToPath(new URL('./src/client/lib/zod-jitless.ts', import.meta.url)),
      },
    ],
  },
  publicDir: 'public',
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
  },
  server: {
    port: 5173,
    proxy: { '/api': apiServer, '/uploads': apiServer },
  },
});
