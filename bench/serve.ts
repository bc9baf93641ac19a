// The shop on the embedded default, plus one constant JSON route of the same size as the home page's
// catalogue call, so the benchmark compares endpoints against the server's own ceiling.
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { seedDemoCatalogue } from '../src/server/db/seed/seed.ts';

const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn', NODE_ENV: 'production' });
const app = await buildApp(config);
await seedDemoCatalogue(app.catalogue);
const sample = (await app.catalogue.list(6)).body;
app.get('/api/bench/constant', (_request, reply) =>
  reply.type('application/json; charset=utf-8').send(sample),
);
await app.listen({ port: config.port, host: '127.0.0.1' });
process.send?.({ ready: true, bytes: Buffer.byteLength(sample) });
