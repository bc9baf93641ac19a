import os from 'node:os';
import { isIP } from 'node:net';
import path from 'node:path';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { SHOP_CONTACT } from '#shared/shop-contact.ts';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const postgresUrl = z
  .url({ message: 'must be a postgres:// or postgresql:// URL' })
  .refine((value) => /^postgres(ql)?:\/\//.test(value), 'must be a postgres:// or postgresql:// URL');

/** Node's timers hold at most 2^31 - 1 ms; a longer timeout would silently become 1 ms. */
const MAX_TIMER_MS = 2 ** 31 - 1;
const TIMEOUT_RULE = `must be a whole number of milliseconds from 1 to ${MAX_TIMER_MS}`;

const milliseconds = (fallback: number) =>
  z.coerce
    .number({ message: TIMEOUT_RULE })
    .int(TIMEOUT_RULE)
    .min(1, TIMEOUT_RULE)
    .max(MAX_TIMER_MS, TIMEOUT_RULE)
    .default(fallback);
const wholeNumberFrom = (min: number) => {
  const message = `must be a whole number of at least ${min}`;
  return z.coerce.number({ message }).int(message).min(min, message);
};

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

const BUCKET_RULE =
  'must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens, starting and ending with a letter or digit';
const S3_PREFIX_RULE =
  "must be a folder in the bucket such as uploads/ or shop/images/ (letters, digits, dots, hyphens and underscores), or / for the bucket's top level";

/** The folder the images are kept in, ending with a slash; empty for the bucket's top level. */
const s3Prefix = z
  .string()
  .regex(/^(?:[A-Za-z0-9_.-]+\/)*[A-Za-z0-9_.-]+\/?$|^\/$/, { message: S3_PREFIX_RULE, abort: true })
  .refine((value) => !value.split('/').some((part) => part === '.' || part === '..'), S3_PREFIX_RULE)
  .transform((value) => (value === '/' ? '' : value.replace(/\/?$/, '/')));

const PROXY_KEYWORDS = new Set(['loopback', 'linklocal', 'uniquelocal']);
/** An address or CIDR range written in full (not the shorthands like `10.1` that some parsers accept). */
const isProxyAddress = (entry: string) => {
  if (PROXY_KEYWORDS.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d+$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
};
const TRUST_PROXY_RULE =
  'must be how many proxies are in front of the shop (e.g. 1) or a comma-separated list of their addresses or CIDR ranges';

/** Which proxies may tell the client's address (X-Forwarded-For): none by default. */
const trustProxy = z
  .string()
  .transform((value, context) => {
    if (/^\d+$/.test(value) && Number(value) >= 1) return Number(value);
    const entries = list(value);
    if (entries.length === 0 || !entries.every(isProxyAddress)) {
      context.addIssue({ code: 'custom', message: TRUST_PROXY_RULE });
      return z.NEVER;
    }
    return entries;
  })
  .optional();

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce
    .number({ message: 'must be a whole number from 0 to 65535' })
    .int('must be a whole number from 0 to 65535')
    .min(0, 'must be a whole number from 0 to 65535')
    .max(65535, 'must be a whole number from 0 to 65535')
    .default(3000),
  HOST: z.string().min(1, 'must not be empty').default('localhost'),
  KEEP_ALIVE_TIMEOUT_MS: milliseconds(5_000),
  HEADERS_TIMEOUT_MS: milliseconds(10_000),
  REQUEST_TIMEOUT_MS: milliseconds(120_000),
  SOCKET_TIMEOUT_MS: milliseconds(30_000),
  MAX_CONNECTIONS: wholeNumberFrom(1).default(10_000),
  SHUTDOWN_TIMEOUT_MS: milliseconds(10_000),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: postgresUrl.optional(),
  DATABASE_POOL_SIZE: wholeNumberFrom(1).max(1000, 'must be a whole number from 1 to 1000').default(10),
  STALE_CATALOGUE_SECONDS: wholeNumberFrom(0).default(300),
  BASE_URL: z
    .url({ message: 'must be an absolute http:// or https:// URL' })
    .refine((value) => /^https?:\/\//.test(value), 'must be an absolute http:// or https:// URL')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SLOW_REQUEST_MS: wholeNumberFrom(1).default(1000),
  SEED_DEMO: booleanFlag.optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  TRUSTED_ORIGINS: z.string().optional(),
  ADMIN_EMAILS: z.string().optional(),
  AUTH_RATE_LIMIT: wholeNumberFrom(1).default(10),
  WRITE_RATE_LIMIT: wholeNumberFrom(1).default(10),
  RESERVATION_HOLD_HOURS: wholeNumberFrom(0).default(48),
  MAX_UNPAID_ORDERS: wholeNumberFrom(0).default(5),
  UPLOAD_RATE_LIMIT: wholeNumberFrom(1).default(20),
  TRUST_PROXY: trustProxy,
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GITHUB_CLIENT_ID: z.string().optional(),
  GITHUB_CLIENT_SECRET: z.string().optional(),
  SMTP_URL: z
    .url({ message: 'must be an smtp:// or smtps:// URL' })
    .refine((value) => /^smtps?:\/\//.test(value), 'must be an smtp:// or smtps:// URL')
    .optional(),
  ALLOW_FILE_MAIL: booleanFlag.optional(),
  MAIL_RETRY_LIMIT: wholeNumberFrom(0).default(10),
  MAIL_RETRY_DELAY_SECONDS: wholeNumberFrom(1).default(30),
  MAIL_FROM: z.string().min(3).default('Forgeline Tools & Parts <no-reply@forgeline.example>'),
  CONTACT_EMAIL: z.email({ message: 'must be an e-mail address' }).default(SHOP_CONTACT.email),
  CONTACT_RATE_LIMIT: wholeNumberFrom(1).default(5),
  UPLOAD_CONCURRENCY: wholeNumberFrom(1).optional(),
  UPLOAD_QUEUE_LIMIT: wholeNumberFrom(0).default(8),
  UPLOAD_GRACE_HOURS: wholeNumberFrom(1).default(24),
  STRIPE_SECRET_KEY: z.string().startsWith('sk_', 'must start with sk_').optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().startsWith('pk_', 'must start with pk_').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_', 'must start with whsec_').optional(),
  STRIPE_API_URL: z.url({ message: 'must be a URL' }).optional(),
  ALLOW_TEST_PAYMENTS: booleanFlag.optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, BUCKET_RULE)
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'must be a region name such as us-east-1 (auto for Cloudflare R2)')
    .optional(),
  S3_ENDPOINT: z
    .url({ message: 'must be an absolute http:// or https:// URL' })
    .refine((value) => /^https?:\/\//.test(value), 'must be an absolute http:// or https:// URL')
    .optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.optional(),
  S3_PREFIX: s3Prefix.optional(),
});

/** Every environment variable the server reads. */
export const CONFIG_VARIABLES = Object.keys(envSchema.shape);

const STRIPE_KEYS = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;
/** Settings of the S3 bucket that mean nothing without S3_BUCKET. */
const S3_SETTINGS = ['S3_REGION', 'S3_ENDPOINT', 'S3_FORCE_PATH_STYLE', 'S3_PREFIX'] as const;
/** Read by the AWS SDK itself (its standard credential chain), never by the shop. */
const AWS_KEY_PAIR = ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY'] as const;

/** An S3-compatible bucket that keeps the uploaded images of every server process. */
export interface S3Settings {
  bucket: string;
  region: string;
  /** Another service than AWS S3 (Cloudflare R2, MinIO, …); undefined for AWS's own endpoints. */
  endpoint: string | undefined;
  /** Addresses the bucket as `endpoint/bucket/key` rather than `bucket.endpoint/key` (MinIO and most others). */
  forcePathStyle: boolean;
  /** Prepended to every image's key: a folder ending with `/`, or empty. */
  prefix: string;
}

export interface OAuthClient {
  clientId: string;
  clientSecret: string;
}

/** How long a client may take and how many may be connected at once (see README, "Timeouts"). */
export interface ConnectionLimits {
  /** An idle keep-alive connection is closed after this long. */
  keepAliveTimeoutMs: number;
  /** A request's headers must have arrived this long after it began (slowloris). */
  headersTimeoutMs: number;
  /** A whole request, body included, must have arrived this long after it began. */
  requestTimeoutMs: number;
  /** A connection on which nothing moves either way for this long is dropped. */
  socketTimeoutMs: number;
  /** Connections beyond this many are closed as soon as they are accepted. */
  maxConnections: number;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  connections: ConnectionLimits;
  /** On SIGTERM or SIGINT, requests in progress may finish for this long before their connections are cut. */
  shutdownTimeoutMs: number;
  dataDir: string;
  /** Where the embedded database keeps its files when DATABASE_URL is not set. */
  pgliteDir: string;
  databaseUrl: string | undefined;
  /** Connections this process opens to PostgreSQL for requests (its LISTEN and job runner take 3 more). */
  databasePoolSize: number;
  /**
   * While the database cannot be reached, catalogue reads answer from the copy this process last had, if it
   * is no older than this; 0: never.
   */
  staleCatalogueSeconds: number;
  baseUrl: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** A request that takes this long is logged as slow, whatever it was. */
  slowRequestMs: number;
  /** Demo data is seeded on first start unless in production, where it takes SEED_DEMO=true. */
  seedDemo: boolean;
  /**
   * The demo accounts, whose passwords are public, exist only for a local demo: the embedded database, not
   * in production, listening on and addressed by a loopback address only.
   */
  seedDemoAccounts: boolean;
  /** Signs sessions; when unset one is generated and kept in the database. */
  authSecret: string | undefined;
  /** Origins besides BASE_URL's that may send requests with the session cookie. */
  trustedOrigins: string[];
  /** These accounts are administrators (lower case). */
  adminEmails: string[];
  /** Sign-in, sign-up and password-reset attempts per client per minute. */
  authRateLimit: number;
  /** An unpaid order holds its stock this many hours, then expires; 0: until cancelled. */
  reservationHoldHours: number;
  /** Unpaid orders one buyer may hold at once; 0: no limit. */
  maxUnpaidOrders: number;
  /** Orders, payment intents, test-card payments and reviews, each, per account per minute. */
  writeRateLimit: number;
  /** Image uploads per account per hour. */
  uploadRateLimit: number;
  /** Fastify's trustProxy: how many proxies, or which, may tell the client's address; false for none. */
  trustProxy: number | string[] | false;
  google: OAuthClient | undefined;
  github: OAuthClient | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  mailOutboxDir: string;
  /** In production, mail written to files is refused unless this is set. */
  allowFileMail: boolean;
  /** How often, and after how long, a mail that could not be delivered is tried again. */
  mailRetries: { limit: number; delaySeconds: number };
  /** Where Get In Touch messages are mailed. */
  contactEmail: string;
  /** Get In Touch messages accepted per client per hour. */
  contactRateLimit: number;
  /** Uploaded images converted at the same time. */
  uploadConcurrency: number;
  /** Uploads that may wait for a conversion; more are refused with 503 until the queue shortens. */
  uploadQueueLimit: number;
  /** An uploaded image that no tool, profile or order shows is deleted this many hours after its upload. */
  uploadGraceHours: number;
  /** In production, the built-in test gateway is refused unless this is set. */
  allowTestPayments: boolean;
  /** Uploaded images in this bucket; without it, in DATA_DIR/uploads on this machine's disk. */
  s3: S3Settings | undefined;
  /** Card payments through Stripe; without it, the built-in test gateway. */
  stripe:
    | { secretKey: string; publishableKey: string; webhookSecret: string; apiUrl: string | undefined }
    | undefined;
}

/** A name or address that only this machine reaches. */
function isLoopback(host: string): boolean {
  const name = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  return isIP(name) !== 0 && ipaddr.process(name).range() === 'loopback';
}

type EnvValues = z.infer<typeof envSchema>;

/** The embedded defaults that must not serve real customers, each with the variable that fixes it. */
function productionProblems(values: EnvValues): string[] {
  const problems: string[] = [];
  if (!values.AUTH_SECRET) {
    problems.push(
      'AUTH_SECRET: must be set in production: at least 32 random characters (e.g. `openssl rand -base64 32`), the same for every server process',
    );
  }
  if (!values.STRIPE_SECRET_KEY && !values.ALLOW_TEST_PAYMENTS) {
    problems.push(
      'STRIPE_SECRET_KEY: must be set in production, with STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET; or set ALLOW_TEST_PAYMENTS=true to take test payments through the built-in gateway, which moves no money',
    );
  }
  if (!values.SMTP_URL && !values.ALLOW_FILE_MAIL) {
    problems.push(
      'SMTP_URL: must be set in production; or set ALLOW_FILE_MAIL=true to write every mail to a file under DATA_DIR/mail instead of sending it',
    );
  }
  return problems;
}

/** Bucket settings without a bucket, and half a key pair that the SDK would pass over in silence. */
function s3SettingProblems(values: EnvValues, env: Record<string, string | undefined>): string[] {
  if (!values.S3_BUCKET) {
    const orphans = S3_SETTINGS.filter((key) => values[key] !== undefined);
    return orphans.length === 0
      ? []
      : [
          `S3_BUCKET: must be set when ${orphans.join(' and ')} ${orphans.length > 1 ? 'are' : 'is'} set (without it, uploaded images are kept in DATA_DIR/uploads)`,
        ];
  }
  const keysSet = AWS_KEY_PAIR.filter((key) => env[key]);
  if (keysSet.length === 1) {
    const missing = AWS_KEY_PAIR.filter((key) => !env[key]);
    return missing.map((key) => `${key}: must be set too when ${keysSet.join(' and ')} is set`);
  }
  return [];
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads the environment once; empty strings count as unset so that `PORT=` falls back to the default. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    // Never the value: it may be a secret, and problems end up on consoles and in logs.
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${String(issue.path[0] ?? 'environment')}: ${issue.message}`),
    );
  }
  const values = parsed.data;
  const stripeSet = STRIPE_KEYS.filter((key) => values[key]);
  if (stripeSet.length > 0 && stripeSet.length < STRIPE_KEYS.length) {
    const missing = STRIPE_KEYS.filter((key) => !values[key]);
    throw new ConfigError(
      missing.map((key) => `${key}: must be set too when ${stripeSet.join(' and ')} is set`),
    );
  }
  const s3Problems = s3SettingProblems(values, present);
  if (s3Problems.length > 0) throw new ConfigError(s3Problems);
  if (values.NODE_ENV === 'production') {
    const unsafe = productionProblems(values);
    if (unsafe.length > 0) throw new ConfigError(unsafe);
  }
  if (values.HEADERS_TIMEOUT_MS > values.REQUEST_TIMEOUT_MS) {
    throw new ConfigError(['HEADERS_TIMEOUT_MS: must not be longer than REQUEST_TIMEOUT_MS']);
  }
  const dataDir = path.resolve(values.DATA_DIR);
  const baseUrl = (values.BASE_URL ?? `http://localhost:${values.PORT}`).replace(/\/$/, '');
  const oauth = (clientId?: string, clientSecret?: string) =>
    clientId && clientSecret ? { clientId, clientSecret } : undefined;
  return {
    env: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    connections: {
      keepAliveTimeoutMs: values.KEEP_ALIVE_TIMEOUT_MS,
      headersTimeoutMs: values.HEADERS_TIMEOUT_MS,
      requestTimeoutMs: values.REQUEST_TIMEOUT_MS,
      socketTimeoutMs: values.SOCKET_TIMEOUT_MS,
      maxConnections: values.MAX_CONNECTIONS,
    },
    shutdownTimeoutMs: values.SHUTDOWN_TIMEOUT_MS,
    dataDir,
    pgliteDir: path.join(dataDir, 'pglite'),
    databaseUrl: values.DATABASE_URL,
    databasePoolSize: values.DATABASE_POOL_SIZE,
    staleCatalogueSeconds: values.STALE_CATALOGUE_SECONDS,
    baseUrl,
    logLevel: values.LOG_LEVEL,
    slowRequestMs: values.SLOW_REQUEST_MS,
    seedDemo: values.SEED_DEMO ?? values.NODE_ENV !== 'production',
    seedDemoAccounts:
      (values.SEED_DEMO ?? true) &&
      values.NODE_ENV !== 'production' &&
      !values.DATABASE_URL &&
      isLoopback(values.HOST) &&
      isLoopback(new URL(baseUrl).hostname),
    authSecret: values.AUTH_SECRET,
    trustedOrigins: [
      ...list(values.TRUSTED_ORIGINS),
      // The Vite dev server proxies /api from its own origin.
      ...(values.NODE_ENV === 'development' ? ['http://localhost:5173'] : []),
    ],
    adminEmails: list(values.ADMIN_EMAILS).map((email) => email.toLowerCase()),
    authRateLimit: values.AUTH_RATE_LIMIT,
    writeRateLimit: values.WRITE_RATE_LIMIT,
    reservationHoldHours: values.RESERVATION_HOLD_HOURS,
    maxUnpaidOrders: values.MAX_UNPAID_ORDERS,
    uploadRateLimit: values.UPLOAD_RATE_LIMIT,
    trustProxy: values.TRUST_PROXY ?? false,
    google: oauth(values.GOOGLE_CLIENT_ID, values.GOOGLE_CLIENT_SECRET),
    github: oauth(values.GITHUB_CLIENT_ID, values.GITHUB_CLIENT_SECRET),
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    mailOutboxDir: path.join(dataDir, 'mail'),
    allowFileMail: values.ALLOW_FILE_MAIL ?? false,
    mailRetries: { limit: values.MAIL_RETRY_LIMIT, delaySeconds: values.MAIL_RETRY_DELAY_SECONDS },
    contactEmail: values.CONTACT_EMAIL,
    contactRateLimit: values.CONTACT_RATE_LIMIT,
    // libvips spreads each image over every core already, and sharp runs on libuv's 4 worker threads,
    // which password hashing and file access share.
    uploadConcurrency: values.UPLOAD_CONCURRENCY ?? Math.min(2, os.availableParallelism()),
    uploadQueueLimit: values.UPLOAD_QUEUE_LIMIT,
    uploadGraceHours: values.UPLOAD_GRACE_HOURS,
    allowTestPayments: values.ALLOW_TEST_PAYMENTS ?? false,
    s3: values.S3_BUCKET
      ? {
          bucket: values.S3_BUCKET,
          region: values.S3_REGION ?? 'us-east-1',
          endpoint: values.S3_ENDPOINT,
          forcePathStyle: values.S3_FORCE_PATH_STYLE ?? false,
          prefix: values.S3_PREFIX ?? 'uploads/',
        }
      : undefined,
    stripe:
      values.STRIPE_SECRET_KEY && values.STRIPE_PUBLISHABLE_KEY && values.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: values.STRIPE_SECRET_KEY,
            publishableKey: values.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: values.STRIPE_WEBHOOK_SECRET,
            apiUrl: values.STRIPE_API_URL,
          }
        : undefined,
  };
}
