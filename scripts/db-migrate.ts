import { pino } from 'pino';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';

const config = loadConfig();
const log = pino({ level: config.logLevel });
try {
  // Opening the database applies every pending migration.
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir, log });
  await database.close();
  log.info(`Migrated the ${database.kind === 'postgres' ? 'PostgreSQL' : 'embedded'} database`);
} catch (error) {
  log.fatal(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}
