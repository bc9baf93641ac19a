// npm run db:seed [-- --tools N]: adds the demo tools that are missing, then, given --tools N, generated tools
// (older than every tool there) until the catalogue has N, for trying and benchmarking a large catalogue.
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { ToolsService } from '#server/modules/tools/tools.service.ts';

/** A share of the generated tools is out of stock, as in any real catalogue. */
const SOLD_OUT = 0.05;
const USAGE = 'Usage: npm run db:seed [-- --tools N]   (N: the number of tools the catalogue should have)';

function wantedTools(): number | undefined {
  const { values } = parseArgs({ options: { tools: { type: 'string' } } });
  if (values.tools === undefined) return undefined;
  const wanted = Number(values.tools);
  if (!Number.isSafeInteger(wanted) || wanted < 0 || wanted > 10_000_000) throw new Error(USAGE);
  return wanted;
}

const config = loadConfig();
const log = pino({ level: config.logLevel });
try {
  const wanted = wantedTools();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir, log });
  try {
    const tools = new ToolsService(database.db);
    const { inserted } = await tools.seedDemoCatalogue({ always: true });
    log.info(inserted ? `Added ${inserted} demo tools` : 'Every demo tool is already in the catalogue');
    if (wanted !== undefined) {
      const added = await tools.growCatalogue(wanted, {
        soldOut: SOLD_OUT,
        progress: (count) => log.info(`${count} tools added…`),
      });
      log.info(
        added
          ? `Added ${added} generated tools: the catalogue has ${wanted} tools`
          : `The catalogue already has ${wanted} or more tools`,
      );
    }
  } finally {
    await database.close();
  }
} catch (error) {
  log.fatal(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}
