// Bundles the server into dist/server (dependencies stay in node_modules) and pre-compresses the
// client's text assets so that they are served as .br/.gz files without compressing on each request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server/server.ts'],
  outfile: 'dist/server/server.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|map)$/;
function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}
for (const file of [...files('dist/client'), ...files('dist/pages')]) {
  if (!COMPRESSIBLE.test(file) || statSync(file).size < 1024) continue;
  const content = readFileSync(file);
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
}
writeFileSync('dist/.build-stamp', new Date().toISOString());
