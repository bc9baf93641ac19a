import path from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { describeFailure } from './failure-cause.ts';
import { closeOnSignals } from './shutdown.ts';

function loggerOptions(config: Config) {
  const pretty = config.env === 'development' && process.stdout.isTTY;
  return pretty
    ? { level: config.logLevel, transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } }
    : { level: config.logLevel };
}

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }

  const app = await buildApp(config, { logger: loggerOptions(config) });
  if (config.env === 'production') {
    const exposed = await app.users.demoAccountsWithPublicPasswords();
    if (exposed.length > 0) {
      await app.close();
      throw new Error(
        `Refusing to start in production: the demo account ${exposed.map((account) => account.email).join(' and ')} can be signed in to with the password published in the README. ` +
          'Delete the demo accounts with `npm run db:remove-demo-accounts` (or give them new passwords), then start again.',
      );
    }
  }
  if (config.seedDemo) {
    const { inserted } = await app.tools.seedDemoCatalogue();
    if (inserted > 0) app.log.info(`Seeded the demo catalogue: ${inserted} tools`);
  }
  if (config.seedDemoAccounts) {
    for (const account of await app.users.seedDemoAccounts(app.auth)) {
      app.log.info(`Demo ${account.role} account (demo only): ${account.email} / ${account.password}`);
    }
  }

  await app.tools.readNameOrder();
  closeOnSignals(app, config.shutdownTimeoutMs);

  await app.listen({ port: config.port, host: config.host });
  const database = config.databaseUrl ? 'PostgreSQL' : `embedded database in ${config.dataDir}`;
  const images = config.s3 ? `the bucket ${config.s3.bucket}` : path.join(config.dataDir, 'uploads');
  app.log.info(`The shop is open at ${config.baseUrl} (${database}, images in ${images})`);
}

main().catch((error: unknown) => {
  process.stderr.write(`The server could not start: ${describeFailure(error)}\n`);
  process.exit(1);
});
