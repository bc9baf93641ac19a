import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { S3StandIn } from './testing/s3-stand-in.ts';

const SERVER = path.resolve(import.meta.dirname, 'server.ts');

interface Run {
  code: number | null;
  output: string;
}

/** Starts the real entry point; answers once it exits, or once it says the shop is open (then stops it). */
function start(env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
      env: { PATH: process.env.PATH, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('The shop is open')) child.kill('SIGTERM');
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, output }));
  });
}

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-start-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

const SECRETS = {
  AUTH_SECRET: 'start-test-secret-of-at-least-32-chars',
  STRIPE_SECRET_KEY: 'sk_test_start',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_start',
  STRIPE_WEBHOOK_SECRET: 'whsec_start',
  SMTP_URL: 'smtp://user:smtp-password@127.0.0.1:2525',
};

describe('starting in production', () => {
  it('refuses the embedded defaults, naming each variable that fixes them', async () => {
    const run = await start({ NODE_ENV: 'production', DATA_DIR: dataDir });
    expect(run.code).toBe(1);
    expect(run.output).toContain('AUTH_SECRET: must be set in production');
    expect(run.output).toContain('ALLOW_TEST_PAYMENTS=true');
    expect(run.output).toContain('ALLOW_FILE_MAIL=true');
    expect(run.output).not.toContain('The shop is open');
  });

  it('refuses while a demo account has its public password, and starts once it is gone', async () => {
    const local = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const demo = await buildApp(local);
    expect(await demo.users.seedDemoAccounts(demo.auth)).toHaveLength(2);
    await demo.close();

    const production = { NODE_ENV: 'production', DATA_DIR: dataDir, ...SECRETS };
    const refused = await start(production);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('admin@forgeline.example and buyer@forgeline.example');
    expect(refused.output).toContain('npm run db:remove-demo-accounts');
    for (const secret of Object.values(SECRETS)) expect(refused.output).not.toContain(secret);

    const database = await buildApp(local);
    expect(await database.users.removeDemoAccounts(database.orders)).toEqual([
      'admin@forgeline.example',
      'buyer@forgeline.example',
    ]);
    await database.close();

    const started = await start(production);
    expect(started.output).toContain('The shop is open');
    expect(started.output).not.toContain('Demo admin account');
  }, 60_000); // three starts of the real server: generous on a loaded machine
});

describe('failing to start', () => {
  it('names the real cause, never [object Object]', async () => {
    const broken = path.join(dataDir, 'broken');
    await mkdir(broken);
    await writeFile(path.join(broken, 'pglite'), 'a file where the database folder should be');
    const run = await start({ DATA_DIR: broken });
    expect(run.code).toBe(1);
    expect(run.output).toContain(
      `The server could not start: The embedded database in ${path.join(broken, 'pglite')} could not be opened: ENOTDIR: not a directory`,
    );
    expect(run.output).not.toContain('[object Object]');
  });

  it('names the bucket setting when the bucket cannot be listed, before anything is written', async () => {
    const standIn = await S3StandIn.start();
    try {
      const notCreated = path.join(dataDir, 'never-created');
      const run = await start({ DATA_DIR: notCreated, ...standIn.env(), S3_BUCKET: 'no-such-bucket' });
      expect(run.code).toBe(1);
      expect(run.output).toContain(
        `The server could not start: S3_BUCKET: the bucket "no-such-bucket" at ${standIn.endpoint} cannot be listed`,
      );
      expect(run.output).toContain('The specified bucket does not exist');
      expect(existsSync(notCreated)).toBe(false);
    } finally {
      await standIn.stop();
    }
  });
});
