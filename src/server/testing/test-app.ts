import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type App, type AppOptions } from '#server/app.ts';
import { loadConfig, type Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

export interface TestContext {
  app: App;
  config: Config;
  testDatabase: TestDatabase;
  /**
   * Another app instance on the same database, as a second server process would be; with `ownDataDir`, as one
   * on another machine: its own DATA_DIR, so that it shares only the database and, if configured, the bucket.
   */
  startAnotherApp(options?: { ownDataDir?: boolean }): Promise<App>;
  /** Closes one app instance, as a server process that stops; the database stays open for the others. */
  stopApp(app: App): Promise<void>;
  close(): Promise<void>;
}

/** The real application on a fresh database, driven through inject(); silent unless given a logger. */
export async function createTestApp(
  env: Record<string, string> = {},
  { logger }: Pick<AppOptions, 'logger'> = {},
): Promise<TestContext> {
  const dataDirs = [await mkdtemp(path.join(os.tmpdir(), 'shop-test-'))];
  const testDatabase = await createTestDatabase();
  const configFor = (dataDir: string) =>
    loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      AUTH_RATE_LIMIT: '1000',
      WRITE_RATE_LIMIT: '1000',
      UPLOAD_RATE_LIMIT: '1000',
      // Tests place many orders per buyer; the cap has tests of its own.
      MAX_UNPAID_ORDERS: '0',
      MAIL_RETRY_DELAY_SECONDS: '1',
      ...env,
    });
  const config = configFor(dataDirs[0]!);
  const apps: App[] = [];
  const start = async (database: Database, appConfig = config) => {
    const clientDir = path.join(appConfig.dataDir, 'no-client');
    const app = await buildApp(appConfig, { database, clientDir, logger });
    await app.ready();
    apps.push(app);
    return app;
  };
  const app = await start(await testDatabase.open());
  return {
    app,
    config,
    testDatabase,
    async startAnotherApp({ ownDataDir = false } = {}) {
      if (!ownDataDir) return start(await testDatabase.open());
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-test-'));
      dataDirs.push(dataDir);
      return start(await testDatabase.open(), configFor(dataDir));
    },
    async stopApp(instance) {
      const at = apps.indexOf(instance);
      if (at < 0) return;
      apps.splice(at, 1);
      await instance.close();
    },
    async close() {
      await Promise.all(apps.map((instance) => instance.close()));
      await testDatabase.destroy();
      await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
    },
  };
}
