import { pino } from 'pino';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';

const config = loadConfig();
const log = pino({ level: config.logLevel });
try {
  // The whole shop, not listening: the accounts' unpaid orders are cancelled as their buyers would (payment
  // intents first, then the stock comes back) before the accounts go.
  const app = await buildApp(config, { logger: { level: config.logLevel } });
  try {
    const removed = await app.users.removeDemoAccounts(app.orders);
    log.info(
      removed.length > 0
        ? `Deleted the demo accounts with public passwords: ${removed.join(', ')}`
        : 'No demo account with its public password is left',
    );
  } finally {
    await app.close();
  }
} catch (error) {
  log.fatal(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}
