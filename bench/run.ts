// npm run bench: load on the catalogue API against a constant route of the same server, and the
// weight of the home page. Prints tables; it is not a test and never fails on timing.
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { homePageWeight } from './page-weight.ts';

const PORT = 3900 + Math.floor(Math.random() * 90);
const base = `http://127.0.0.1:${PORT}`;
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'));
const server = fork('bench/serve.ts', {
  execArgv: ['--import', 'tsx'],
  env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir },
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const ready = await new Promise<{ bytes: number }>((resolve, reject) => {
  server.once('message', (message) => resolve(message as { bytes: number }));
  server.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
});

async function load(url: string) {
  const result = await autocannon({ url: base + url, connections: CONNECTIONS, duration: DURATION });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

try {
  const oneId = ((await (await fetch(`${base}/api/parts?limit=1`)).json()) as Array<{ _id: string }>)[0]!._id;
  const endpoints = ['/api/bench/constant', '/api/parts?limit=6', '/api/parts', `/api/parts/${oneId}`];
  for (const url of endpoints) await autocannon({ url: base + url, connections: CONNECTIONS, duration: 1 }); // warm-up
  const rows = [];
  for (const url of endpoints) rows.push({ url, ...(await load(url)) });
  const constant = rows[0]!.rps;

  console.log(
    `\nCatalogue API: ${CONNECTIONS} connections, ${DURATION} s each, embedded database (constant route: ${ready.bytes} bytes)\n`,
  );
  console.log('| endpoint | req/s | p99 ms | ratio to constant |');
  console.log('|---|---:|---:|---:|');
  for (const row of rows) {
    const label = row.url.replace(oneId, '{id}');
    console.log(
      `| GET ${label} | ${Math.round(row.rps)} | ${row.p99} | ${(row.rps / constant).toFixed(2)} |`,
    );
  }
  console.log('\nTarget: GET /api/parts?limit=6 at 0.6 or more of the constant route.');

  const weight = homePageWeight();
  console.log('\nHome page, loaded up front (gzip):\n');
  console.log('| file | KB |');
  console.log('|---|---:|');
  for (const file of weight.files) console.log(`| ${file.file} | ${(file.gzip / 1024).toFixed(1)} |`);
  console.log(`| **JavaScript** | **${(weight.js / 1024).toFixed(1)}** (target ≤ 120) |`);
  console.log(`| **CSS** | **${(weight.css / 1024).toFixed(1)}** |`);
} finally {
  await new Promise((resolve) => {
    server.once('exit', resolve);
    server.kill();
  });
  rmSync(dataDir, { recursive: true, force: true });
}
