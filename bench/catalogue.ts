import autocannon from 'autocannon';
import { startBenchServer } from './server-process.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;

/** Catalogue endpoints against a constant route of the same size, on the embedded default. */
export async function catalogueBench(): Promise<void> {
  const server = await startBenchServer({ DATABASE_URL: '' });
  const load = async (url: string, duration = DURATION) => {
    const result = await autocannon({ url: server.base + url, connections: CONNECTIONS, duration });
    if (result.non2xx > 0 || result.errors > 0)
      throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    return { rps: result.requests.average, p99: result.latency.p99 };
  };
  try {
    const oneId = (
      (await (await fetch(`${server.base}/api/parts?limit=1`)).json()) as Array<{ _id: string }>
    )[0]!._id;
    const endpoints = ['/api/bench/constant', '/api/parts?limit=6', '/api/parts', `/api/parts/${oneId}`];
    for (const url of endpoints) await load(url, 1); // warm-up
    const rows = [];
    for (const url of endpoints) rows.push({ url, ...(await load(url)) });
    const constant = rows[0]!.rps;

    console.log(
      `\nCatalogue API: ${CONNECTIONS} connections, ${DURATION} s each, embedded database (constant route: ${server.bytes} bytes)\n`,
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
  } finally {
    await server.stop();
  }
}
