// The shop under test, in its own process: the app as server.ts builds it, in production mode with the
// built-in payment gateway and file mail chosen explicitly, on a fresh database (bench/server-process.ts).
// It starts with the demo's 12 tools; the harness fills the catalogue up with generated tools older than
// them, adds tools and runs the raw SQL reservations by commands (bench/serve-protocol.ts). Every tool has
// stock for thousands of orders, so that no order the bench sends is refused for want of stock.
import { setTimeout as sleep } from 'node:timers/promises';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { dollarsToCents } from '#shared/money.ts';
import { MAX_STOCK, type Tool } from '#shared/schemas/tools.ts';
import { buildApp, type App } from '#server/app.ts';
import { tools, users } from '#server/db/schema.ts';
import { toApiTool } from '#server/modules/tools/tools.repo.ts';
import { loadConfig } from '#server/config.ts';
import { reserveOnPglite, reserveOnPostgres } from './raw-reservation.ts';
import type { ServeCommand, ServeMessage, ServeRequest, ServeResults } from './serve-protocol.ts';

const config = loadConfig({
  ...process.env,
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
  AUTH_SECRET: 'bench-secret-of-at-least-thirty-two-characters',
  ALLOW_TEST_PAYMENTS: 'true',
  ALLOW_FILE_MAIL: 'true',
  AUTH_RATE_LIMIT: '100000',
  WRITE_RATE_LIMIT: '100000',
  // Each simulated buyer places many orders.
  MAX_UNPAID_ORDERS: '0',
});
const STOCK_IN_ORDERS = 2000;

async function catalogue(app: App): Promise<Tool[]> {
  return (await app.database.db.select().from(tools)).map(toApiTool);
}

/** Whether a mail is still waiting to be moved into the job runner's queue, or to be written. */
async function mailsToSend(app: App): Promise<boolean> {
  const result = await app.database.db.execute(sql`SELECT EXISTS (SELECT FROM pending_mails)
    OR EXISTS (SELECT FROM pgboss.job WHERE name = 'mail' AND state IN ('created', 'retry', 'active'))
      AS waiting`);
  return (result as { rows: Array<{ waiting: boolean }> }).rows[0]!.waiting;
}

/** Through the administrators' edit, so that the catalogue cache hears of it as it would in the shop. */
async function restock(app: App): Promise<void> {
  for (const tool of await catalogue(app)) {
    if (tool.availableQuantity >= tool.minOrderQuantity * STOCK_IN_ORDERS) continue;
    await app.tools.edit(tool._id, {
      fields: {
        priceCents: dollarsToCents(tool.price),
        minOrderQuantity: tool.minOrderQuantity,
        details: tool.details,
        image: tool.image,
      },
      availableQuantity: Math.min(MAX_STOCK, tool.minOrderQuantity * STOCK_IN_ORDERS * 5),
      loadedAvailableQuantity: tool.availableQuantity,
      version: tool.version,
    });
  }
}

async function run(app: App, body: ServeCommand): Promise<ServeResults[ServeCommand['command']]> {
  switch (body.command) {
    case 'fill-catalogue':
      await app.tools.growCatalogue(body.size);
      return { tools: (await catalogue(app)).length };
    case 'add-tool': {
      const [tool] = await app.tools.add([
        {
          name: body.tool.name,
          priceCents: 490,
          availableQuantity: body.tool.stock,
          minOrderQuantity: body.tool.minOrderQuantity,
          details: 'Benchmark stock',
          image: '/images/tools/ball-bearing-6204.svg',
          // The oldest tool: the home page's six newest and the other benches' choices stay as they were.
          createdAt: new Date('2000-01-01T00:00:00Z'),
        },
      ]);
      return { id: tool!.id };
    }
    case 'raw-reservations':
      if (app.database.kind === 'pglite') {
        const pglite = (app.database.db as unknown as { $client: PGlite }).$client;
        return reserveOnPglite(pglite, body.plan, body.clients);
      }
      return reserveOnPostgres(config.databaseUrl!, body.plan, body.clients);
    case 'mails-sent': {
      const started = performance.now();
      // The look runs in the server under test (on PGlite, in its own thread): every 10 ms, it cost the shop
      // over a second of a 2,000-order turn; every 50 ms, it adds at most 50 ms to the turn.
      while (await mailsToSend(app)) await sleep(50);
      return { ms: performance.now() - started };
    }
    case 'confirm-buyers': {
      // As each buyer's following of the mailed link would: only a confirmed address may order.
      const confirmed = await app.database.db
        .update(users)
        .set({ emailVerified: true })
        .where(sql`starts_with(${users.email}, ${body.emailPrefix})`)
        .returning({ id: users.id });
      return { confirmed: confirmed.length };
    }
  }
}

const send = (message: ServeMessage) => process.send?.(message);

const app = await buildApp(config);
await app.tools.seedDemoCatalogue();
await restock(app);
await app.listen({ port: config.port, host: '127.0.0.1' });
process.on('message', ({ id, body }: ServeRequest) => {
  run(app, body).then(
    (result) => send({ id, result }),
    (error: unknown) => send({ id, error: String((error as Error).stack ?? error) }),
  );
});
send({ ready: true, tools: (await catalogue(app)).length });
// An exit rather than death by the signal, so that a CPU profile (BENCH_CPU_PROFILE) is written.
process.on('SIGTERM', () => process.exit(0));
