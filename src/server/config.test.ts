import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, loadConfig } from './config.ts';

/** What production needs besides its own settings: a secret, and explicitly chosen test payments and file mail. */
const PRODUCTION = {
  NODE_ENV: 'production',
  AUTH_SECRET: 'a-production-secret-of-32-characters',
  ALLOW_TEST_PAYMENTS: 'true',
  ALLOW_FILE_MAIL: 'true',
};

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('loadConfig', () => {
  it('needs nothing to run the embedded default', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      host: 'localhost',
      dataDir: path.resolve('data'),
      databaseUrl: undefined,
      baseUrl: 'http://localhost:3000',
      logLevel: 'info',
      seedDemo: true,
    });
  });

  it('seeds demo data in production only when asked, and never the demo accounts', () => {
    expect(loadConfig(PRODUCTION)).toMatchObject({ seedDemo: false, seedDemoAccounts: false });
    expect(loadConfig({ ...PRODUCTION, SEED_DEMO: 'true' })).toMatchObject({
      seedDemo: true,
      seedDemoAccounts: false,
    });
  });

  it('creates the demo accounts only for a local demo: embedded database, loopback host and address', () => {
    expect(loadConfig({}).seedDemoAccounts).toBe(true);
    expect(loadConfig({ HOST: '127.0.0.1', BASE_URL: 'http://127.0.0.1:3000' }).seedDemoAccounts).toBe(true);
    expect(loadConfig({ HOST: '::1', BASE_URL: 'http://[::1]:3000' }).seedDemoAccounts).toBe(true);
    expect(loadConfig({ HOST: '0.0.0.0' }).seedDemoAccounts).toBe(false);
    expect(loadConfig({ BASE_URL: 'https://shop.example' }).seedDemoAccounts).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://shop@localhost/shop' }).seedDemoAccounts).toBe(false);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemoAccounts).toBe(false);
  });

  it('refuses to start in production on the embedded defaults, naming the variable that fixes each', () => {
    const problems = problemsOf({ NODE_ENV: 'production' });
    expect(problems).toEqual([
      expect.stringMatching(/^AUTH_SECRET: must be set in production/),
      expect.stringMatching(/^STRIPE_SECRET_KEY: must be set in production.*ALLOW_TEST_PAYMENTS=true/),
      expect.stringMatching(/^SMTP_URL: must be set in production.*ALLOW_FILE_MAIL=true/),
    ]);
    expect(loadConfig(PRODUCTION)).toMatchObject({ env: 'production', allowTestPayments: true });
    expect(
      loadConfig({
        NODE_ENV: 'production',
        AUTH_SECRET: 'x'.repeat(32),
        SMTP_URL: 'smtp://mail.example:587',
        STRIPE_SECRET_KEY: 'sk_live_1',
        STRIPE_PUBLISHABLE_KEY: 'pk_live_1',
        STRIPE_WEBHOOK_SECRET: 'whsec_1',
      }),
    ).toMatchObject({ allowTestPayments: false, allowFileMail: false });
  });

  it('trusts no proxy unless told how many or which', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,loopback, ::1' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      'loopback',
      '::1',
    ]);
    for (const value of ['0', 'yes', '10.0.0.300', 'proxy.example']) {
      expect(problemsOf({ TRUST_PROXY: value })).toEqual([
        expect.stringMatching(/^TRUST_PROXY: must be how many proxies/),
      ]);
    }
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 3000, databaseUrl: undefined });
  });

  it('names every bad variable and what is wrong with it', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud', BASE_URL: 'shop.example' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toContain('PORT: must be a whole number from 0 to 65535');
    expect(problems).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL');
    expect(problems).toMatch(/LOG_LEVEL: /);
    expect(problems).toContain('BASE_URL: must be an absolute http:// or https:// URL');
  });

  it('never repeats a bad value, since it may be a secret', () => {
    const secrets = {
      AUTH_SECRET: 'short-secret-value',
      DATABASE_URL: 'mysql://shop:hunter2-db-password@db.internal/shop',
      SMTP_URL: 'https://mailer:hunter3-smtp-password@smtp.internal',
      STRIPE_SECRET_KEY: 'rk_live_restricted-key-value',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_1',
      STRIPE_WEBHOOK_SECRET: 'wh_signing-secret-value',
    };
    let error: unknown;
    try {
      loadConfig(secrets);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).toContain('AUTH_SECRET: must be at least 32 characters');
    expect(message).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL');
    expect(message).toContain('SMTP_URL: must be an smtp:// or smtps:// URL');
    expect(message).toContain('STRIPE_SECRET_KEY: must start with sk_');
    expect(message).toContain('STRIPE_WEBHOOK_SECRET: must start with whsec_');
    for (const secret of [
      'short-secret-value',
      'hunter2',
      'hunter3',
      'restricted-key-value',
      'signing-secret',
    ]) {
      expect(message).not.toContain(secret);
    }
  });

  it('needs all three Stripe keys or none', () => {
    expect(loadConfig({}).stripe).toBeUndefined();
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(
      /STRIPE_PUBLISHABLE_KEY: must be set too when STRIPE_SECRET_KEY is set/,
    );
    expect(
      loadConfig({
        STRIPE_SECRET_KEY: 'sk_test_1',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
        STRIPE_WEBHOOK_SECRET: 'whsec_1',
      }).stripe,
    ).toMatchObject({ secretKey: 'sk_test_1', publishableKey: 'pk_test_1', webhookSecret: 'whsec_1' });
  });

  it('keeps images on the local disk unless S3_BUCKET names a bucket, in production too', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig(PRODUCTION).s3).toBeUndefined();
    expect(loadConfig({ S3_BUCKET: 'shop-images' }).s3).toEqual({
      bucket: 'shop-images',
      region: 'us-east-1',
      endpoint: undefined,
      forcePathStyle: false,
      prefix: 'uploads/',
    });
    expect(
      loadConfig({
        S3_BUCKET: 'shop.images-2',
        S3_REGION: 'auto',
        S3_ENDPOINT: 'https://account.r2.cloudflarestorage.com',
        S3_FORCE_PATH_STYLE: 'true',
        S3_PREFIX: 'shop/images',
      }).s3,
    ).toEqual({
      bucket: 'shop.images-2',
      region: 'auto',
      endpoint: 'https://account.r2.cloudflarestorage.com',
      forcePathStyle: true,
      prefix: 'shop/images/',
    });
    expect(loadConfig({ S3_BUCKET: 'shop-images', S3_PREFIX: '/' }).s3?.prefix).toBe('');
  });

  it('names each bad S3 setting', () => {
    expect(
      problemsOf({
        S3_BUCKET: 'My_Bucket',
        S3_REGION: 'US East',
        S3_ENDPOINT: 'minio:9000',
        S3_FORCE_PATH_STYLE: 'maybe',
        S3_PREFIX: '/images//',
      }),
    ).toEqual([
      expect.stringMatching(/^S3_BUCKET: must be a bucket name: 3 to 63 lower-case letters/),
      expect.stringMatching(/^S3_REGION: must be a region name such as us-east-1/),
      'S3_ENDPOINT: must be an absolute http:// or https:// URL',
      'S3_FORCE_PATH_STYLE: must be true or false',
      expect.stringMatching(/^S3_PREFIX: must be a folder in the bucket such as uploads\//),
    ]);
    for (const prefix of ['a b/', '../up/', 'up/../']) {
      expect(problemsOf({ S3_BUCKET: 'shop-images', S3_PREFIX: prefix })).toEqual([
        expect.stringMatching(/^S3_PREFIX: /),
      ]);
    }
  });

  it('refuses bucket settings without a bucket, and half an access key pair', () => {
    expect(problemsOf({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: 'true' })).toEqual([
      'S3_BUCKET: must be set when S3_ENDPOINT and S3_FORCE_PATH_STYLE are set (without it, uploaded images are kept in DATA_DIR/uploads)',
    ]);
    expect(problemsOf({ S3_BUCKET: 'shop-images', AWS_ACCESS_KEY_ID: 'AKIAEXAMPLE' })).toEqual([
      'AWS_SECRET_ACCESS_KEY: must be set too when AWS_ACCESS_KEY_ID is set',
    ]);
    expect(problemsOf({ S3_BUCKET: 'shop-images', AWS_SECRET_ACCESS_KEY: 'secret-value' })).toEqual([
      'AWS_ACCESS_KEY_ID: must be set too when AWS_SECRET_ACCESS_KEY is set',
    ]);
    expect(
      problemsOf({
        S3_BUCKET: 'shop-images',
        AWS_ACCESS_KEY_ID: 'AKIAEXAMPLE',
        AWS_SECRET_ACCESS_KEY: 'secret',
      }),
    ).toEqual([]);
  });

  it('refuses a port out of range', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT: must be a whole number from 0 to 65535/);
  });

  it('sets short connection timeouts and a connection limit unless told otherwise', () => {
    expect(loadConfig({}).connections).toEqual({
      keepAliveTimeoutMs: 5_000,
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 120_000,
      socketTimeoutMs: 30_000,
      maxConnections: 10_000,
    });
    expect(
      loadConfig({
        KEEP_ALIVE_TIMEOUT_MS: '65000',
        HEADERS_TIMEOUT_MS: '20000',
        REQUEST_TIMEOUT_MS: '300000',
        SOCKET_TIMEOUT_MS: '90000',
        MAX_CONNECTIONS: '2000',
      }).connections,
    ).toEqual({
      keepAliveTimeoutMs: 65_000,
      headersTimeoutMs: 20_000,
      requestTimeoutMs: 300_000,
      socketTimeoutMs: 90_000,
      maxConnections: 2_000,
    });
  });

  it('gives requests in progress 10 s to finish at shutdown unless told otherwise', () => {
    expect(loadConfig({}).shutdownTimeoutMs).toBe(10_000);
    expect(loadConfig({ SHUTDOWN_TIMEOUT_MS: '25000' }).shutdownTimeoutMs).toBe(25_000);
  });

  it('takes timeouts as whole milliseconds that a timer can hold', () => {
    const timeout = /must be a whole number of milliseconds from 1 to 2147483647/;
    for (const name of [
      'KEEP_ALIVE_TIMEOUT_MS',
      'HEADERS_TIMEOUT_MS',
      'REQUEST_TIMEOUT_MS',
      'SOCKET_TIMEOUT_MS',
      'SHUTDOWN_TIMEOUT_MS',
    ]) {
      for (const value of ['5s', '0', '-1', '2.5', '2147483648']) {
        expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}: ${timeout.source}`));
      }
    }
    expect(() => loadConfig({ MAX_CONNECTIONS: '0' })).toThrow(
      /MAX_CONNECTIONS: must be a whole number of at least 1/,
    );
  });

  it('opens 10 PostgreSQL connections for requests and serves a copy of the catalogue for 5 minutes unless told otherwise', () => {
    expect(loadConfig({})).toMatchObject({ databasePoolSize: 10, staleCatalogueSeconds: 300 });
    expect(loadConfig({ DATABASE_POOL_SIZE: '4', STALE_CATALOGUE_SECONDS: '0' })).toMatchObject({
      databasePoolSize: 4,
      staleCatalogueSeconds: 0,
    });
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(
      /DATABASE_POOL_SIZE: must be a whole number of at least 1/,
    );
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '5000' })).toThrow(
      /DATABASE_POOL_SIZE: must be a whole number from 1 to 1000/,
    );
  });

  it('refuses a headers timeout longer than the whole-request timeout', () => {
    expect(() => loadConfig({ HEADERS_TIMEOUT_MS: '30000', REQUEST_TIMEOUT_MS: '20000' })).toThrow(
      /HEADERS_TIMEOUT_MS: must not be longer than REQUEST_TIMEOUT_MS/,
    );
  });

  it('documents every variable it reads in the README', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const table = readme.slice(
      readme.indexOf('## Configuration'),
      readme.indexOf('## Running on PostgreSQL'),
    );
    const undocumented = CONFIG_VARIABLES.filter((name) => !table.includes(`\`${name}\``));
    expect(undocumented).toEqual([]);
  });
});
