import { pino } from 'pino';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { UsersService } from '#server/modules/users/users.service.ts';

const config = loadConfig();
const log = pino({ level: config.logLevel });
try {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir, log });
  try {
    const removed = await new UsersService(database.db).removeDemoAccounts();
    log.info(
      removed.length > 0
        ? `Deleted the demo accounts with public passwords: ${removed.join(', ')}`
        : 'No demo account with its public password is left',
    );
  } finally {
    await database.close();
  }
} catch (error) {
  log.fatal(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}
