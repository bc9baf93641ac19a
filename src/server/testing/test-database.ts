import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { pino } from 'pino';
import { openDatabase, type Database } from '#server/db/client.ts';

const silent = pino({ level: 'silent' });

export interface TestDatabase {
  /** postgres URL of this test's own database, or undefined on the embedded database. */
  url: string | undefined;
  /** Opens a connection to the test database; with PGlite every call shares one in-memory instance. */
  open(): Promise<Database>;
  /** Closes what open() returned and removes the database. */
  destroy(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by DATABASE_URL (dropped afterwards), so the same suite runs on both.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  const opened: Database[] = [];

  if (!serverUrl) {
    let shared: Promise<Database> | undefined;
    return {
      url: undefined,
      open() {
        shared ??= openDatabase({ pgliteDir: 'memory://', log: silent });
        return shared;
      },
      async destroy() {
        if (shared) await (await shared).close();
      },
    };
  }

  const name = `shop_test_${randomBytes(6).toString('hex')}`;
  const url = new URL(serverUrl);
  await withServer(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async open() {
      const database = await openDatabase({ databaseUrl: url.toString(), log: silent });
      opened.push(database);
      return database;
    },
    async destroy() {
      await Promise.all(opened.map((database) => database.close()));
      await withServer(serverUrl, (client) => dropDatabase(client, name));
    },
  };
}

/**
 * DROP … WITH (FORCE) cannot end a backend of another role: PostgreSQL's autovacuum may be working on the new
 * database (SQLSTATE 42501). It finishes within moments, so the drop is tried again meanwhile.
 */
async function dropDatabase(client: pg.Client, name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '42501' || attempt === 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

async function withServer(url: string, run: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await run(client);
  } finally {
    await client.end();
  }
}
