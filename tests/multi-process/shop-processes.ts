import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { cookiesOf, httpCall } from '#server/testing/http-calls.ts';
import { createTestDatabase, type TestDatabase } from '#server/testing/test-database.ts';
import { ServerProcess } from '#server/testing/server-process.ts';

export const ORIGIN = 'http://shop.multi.test';

/** One server process of the shop, reached over HTTP on its own port. */
export interface Shop {
  name: string;
  base: string;
  process: ServerProcess;
  request(
    method: string,
    url: string,
    options?: { cookie?: string; body?: unknown },
  ): Promise<{ status: number; headers: Headers; json: <T>() => Promise<T> }>;
}

export interface Shops {
  a: Shop;
  b: Shop;
  database: pg.Client;
  /** The URL of that database, for a connection of a test's own. */
  databaseUrl: string;
  stop(): Promise<void>;
}

/**
 * Two server processes of the shop (the real entry point, each with its own data folder) on one fresh
 * database of DATABASE_URL's server, configured as a load-balanced deployment would be.
 */
export async function startTwoShops(extraEnv: Record<string, string> = {}): Promise<Shops> {
  if (!process.env.DATABASE_URL) {
    throw new Error('The multi-process suite needs PostgreSQL: set DATABASE_URL (see .ci/run).');
  }
  const testDatabase: TestDatabase = await createTestDatabase();
  const dirs: string[] = [];
  const start = async (name: string): Promise<Shop> => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), `shop-multi-${name}-`));
    dirs.push(dataDir);
    const server = ServerProcess.start({
      DATABASE_URL: testDatabase.url!,
      DATA_DIR: dataDir,
      BASE_URL: ORIGIN,
      AUTH_SECRET: 'multi-process-suite-secret-of-32-characters',
      MAX_UNPAID_ORDERS: '0',
      WRITE_RATE_LIMIT: '100000',
      AUTH_RATE_LIMIT: '100000',
      STALE_CATALOGUE_SECONDS: '300',
      ...extraEnv,
    });
    const base = `http://127.0.0.1:${await server.port()}`;
    return {
      name,
      base,
      process: server,
      async request(method, url, options) {
        const response = await httpCall(base, ORIGIN)(method, url, options);
        const text = await response.text();
        return {
          status: response.status,
          headers: response.headers,
          json: async <T>() => JSON.parse(text) as T,
        };
      },
    };
  };
  // One after the other: the first migrates and seeds, the second finds it done.
  const a = await start('A');
  const b = await start('B');
  const database = new pg.Client({ connectionString: testDatabase.url });
  await database.connect();
  return {
    a,
    b,
    database,
    databaseUrl: testDatabase.url!,
    async stop() {
      await database.end().catch(() => undefined);
      await Promise.all([a.process.stop(), b.process.stop()]);
      await testDatabase.destroy();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Signs a new account up through `shop` and confirms its address, as its mailed link would (only then may it
 * order); answers its session cookie.
 */
export async function signUp(shops: Shops, shop: Shop, email: string, name = 'Multi Buyer'): Promise<string> {
  const response = await fetch(`${shop.base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { origin: ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify({ name, email, password: 'Secret123' }),
  });
  if (response.status !== 200) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  await shops.database.query('UPDATE users SET email_verified = true WHERE email = $1', [email]);
  return cookiesOf(response);
}
