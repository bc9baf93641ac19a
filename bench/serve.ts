// The shop on the embedded default (or DATABASE_URL), plus one constant JSON route of the same size as the
// home page's catalogue call, so that the benchmark compares endpoints against the server's own ceiling.
// With BENCH_STOCK set, it also adds a tool with that stock for the ordering benchmark.
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';

const config = loadConfig({
  ...process.env,
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
  // Production as it would run, with the built-in gateway and file mail chosen explicitly.
  AUTH_SECRET: 'bench-secret-of-at-least-thirty-two-characters',
  ALLOW_TEST_PAYMENTS: 'true',
  ALLOW_FILE_MAIL: 'true',
  AUTH_RATE_LIMIT: '100000',
  WRITE_RATE_LIMIT: '100000',
  // Each simulated buyer places many orders.
  MAX_UNPAID_ORDERS: '0',
});
const app = await buildApp(config);
await app.tools.seedDemoCatalogue();
const sample = (await app.tools.list(6)).body;
app.get('/api/bench/constant', (_request, reply) =>
  reply.type('application/json; charset=utf-8').send(sample),
);

let toolId: string | undefined;
if (process.env.BENCH_STOCK) {
  const [tool] = await app.tools.add([
    {
      name: `Bench bearing ${Date.now()}`,
      priceCents: 490,
      availableQuantity: Number(process.env.BENCH_STOCK),
      minOrderQuantity: 10,
      details: 'Benchmark stock',
      image: '/images/tools/ball-bearing-6204.svg',
    },
  ]);
  toolId = tool!.id;
}
await app.listen({ port: config.port, host: '127.0.0.1' });
process.send?.({ bytes: Buffer.byteLength(sample), toolId });
