import { pino } from 'pino';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { seedDemoCatalogue } from '#server/db/seed/seed.ts';
import { Catalogue } from '#server/modules/tools/catalogue.ts';

const config = loadConfig();
const log = pino({ level: config.logLevel });
try {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir, log });
  try {
    const { inserted } = await seedDemoCatalogue(new Catalogue(database.db), { always: true });
    log.info(inserted ? `Added ${inserted} demo tools` : 'Every demo tool is already in the catalogue');
  } finally {
    await database.close();
  }
} catch (error) {
  log.fatal(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}
