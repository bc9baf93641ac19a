import { pino } from 'pino';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { ToolsService } from '#server/modules/tools/tools.service.ts';

const config = loadConfig();
const log = pino({ level: config.logLevel });
try {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir, log });
  try {
    const { inserted } = await new ToolsService(database.db).seedDemoCatalogue({ always: true });
    log.info(inserted ? `Added ${inserted} demo tools` : 'Every demo tool is already in the catalogue');
  } finally {
    await database.close();
  }
} catch (error) {
  log.fatal(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}
