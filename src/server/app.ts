import path from 'node:path';
import sensible from '@fastify/sensible';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { createMailer, type Mailer } from './adapters/mail/mailer.ts';
import type { PaymentGateway } from './adapters/payments/payment-gateway.ts';
import { createStripeGateway } from './adapters/payments/stripe-gateway.ts';
import { createTestGateway } from './adapters/payments/test-gateway.ts';
import { LocalDiskStorage } from './adapters/storage/local-disk.ts';
import { openDatabase, type Database } from './db/client.ts';
import { JobRunner } from './adapters/jobs/job-runner.ts';
import { MailOutbox } from './modules/mail/mail-outbox.ts';
import { mailRoutes } from './modules/mail/mail.routes.ts';
import { httpServerFactory } from './http-server.ts';
import { logSerializers } from './log-serializers.ts';
import { runPeriodically } from './periodic-task.ts';
import { createAuth } from './modules/auth/auth.ts';
import { resolveAuthSecret } from './modules/auth/auth-secret.ts';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { Catalogue } from './modules/tools/catalogue.ts';
import { CATALOGUE_CHANNEL } from './modules/tools/tools.repo.ts';
import { toolsRoutes } from './modules/tools/tools.routes.ts';
import { reservationExpiry } from './modules/orders/reservation-expiry.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { OrdersService } from './modules/orders/orders.service.ts';
import { holdUnheldOrders } from './modules/orders/orders.repo.ts';
import { PaymentsService } from './modules/payments/payments.service.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { stripeWebhookRoutes } from './modules/payments/stripe-webhook.routes.ts';
import { reviewsRoutes } from './modules/reviews/reviews.routes.ts';
import { HOUR, sweepUnusedImages } from './modules/uploads/image-sweep.ts';
import { ImageWork } from './modules/uploads/image-work.ts';
import { uploadsRoutes } from './modules/uploads/uploads.routes.ts';
import { applyConfiguredAdmins } from './modules/users/users.repo.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { clientDistDir } from './paths.ts';
import { authPlugin } from './plugins/auth.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { inputGuardPlugin, JSON_BODY_LIMIT } from './plugins/input-guard.ts';
import { limitRules, rateLimitPlugin } from './plugins/rate-limit.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { securityPlugin } from './plugins/security.ts';
import { staticPlugin } from './plugins/static.ts';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    catalogue: Catalogue;
    mailer: MailOutbox;
    orders: OrdersService;
    jobs: JobRunner;
  }
}

export interface AppOptions {
  /** Pino options on top of the configured level (server.ts: pretty printing; tests: a captured stream). */
  logger?: Exclude<FastifyServerOptions['logger'], boolean>;
  /** An already open database (tests share one between two app instances); the app will not close it. */
  database?: Database;
  /** The built client to serve; defaults to dist/client. */
  clientDir?: string;
  /** Replaces the configured mail adapter (tests). */
  mailer?: Mailer;
  /** Replaces the image work the configuration sets up (tests hold its conversions). */
  imageWork?: ImageWork;
}

/**
 * Fastify's trustProxy. Fastify itself trusts nobody for a bare hop count (a client that reaches the shop
 * directly could claim any address); the README says to give a count only when the proxies are the only way in.
 */
function trustedProxies(setting: Config['trustProxy']) {
  return typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;
}

/** Builds the whole application without listening, so that tests can drive it with inject(). */
export async function buildApp(config: Config, options: AppOptions = {}) {
  const app = Fastify({
    logger: { level: config.logLevel, ...options.logger, serializers: logSerializers },
    serverFactory: httpServerFactory(config.connections),
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: trustedProxies(config.trustProxy),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: config.pgliteDir,
      log: app.log,
    }));
  if (!options.database) app.addHook('onClose', () => database.close());

  const catalogue = new Catalogue(database.db);
  await database.listen(
    CATALOGUE_CHANNEL,
    () => catalogue.invalidate(),
    () => catalogue.invalidate(),
  );
  app.decorate('database', database);
  app.decorate('catalogue', catalogue);

  const transport =
    options.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      outboxDir: config.mailOutboxDir,
      from: config.mailFrom,
      log: app.log,
    });
  app.addHook('onClose', async () => transport.close?.());
  // Closed before the database and the mail transport (onClose hooks run last-registered first).
  const jobs = await JobRunner.start(database, app.log);
  app.addHook('onClose', () => jobs.stop());
  const mailer = new MailOutbox(jobs, {
    db: database.db,
    transport,
    retries: config.mailRetries,
    log: app.log,
  });
  await mailer.start();
  app.decorate('mailer', mailer);
  app.decorate('jobs', jobs);

  for (const email of await applyConfiguredAdmins(database.db, config.adminEmails)) {
    app.log.warn(`${email} is in ADMIN_EMAILS but not verified: it is no administrator until it is`);
  }
  const auth = createAuth({
    config,
    db: database.db,
    secret: await resolveAuthSecret(database.db, config.authSecret),
    mailer,
    log: app.log,
  });

  await app.register(sensible);
  await app.register(errorsPlugin);
  await app.register(inputGuardPlugin);
  const https = config.baseUrl.startsWith('https://');
  await app.register(securityPlugin, {
    https,
    stripe: Boolean(config.stripe),
    allowedOrigins: [new URL(config.baseUrl).origin, ...config.trustedOrigins],
  });
  await app.register(openapiPlugin, { https });
  await app.register(authPlugin, { auth, baseUrl: config.baseUrl });
  await app.register(rateLimitPlugin, { db: database.db, rules: limitRules(config) });
  const imageStorage = await LocalDiskStorage.open(path.join(config.dataDir, 'uploads'));
  const imageWork =
    options.imageWork ??
    new ImageWork({ concurrency: config.uploadConcurrency, queueLimit: config.uploadQueueLimit });
  runPeriodically(app, {
    name: 'sweeping unused uploaded images',
    everyMs: HOUR,
    async run() {
      const removed = await sweepUnusedImages({
        db: database.db,
        storage: imageStorage,
        graceHours: config.uploadGraceHours,
      });
      if (removed > 0) app.log.info({ removed }, 'deleted unused uploaded images');
    },
  });
  const stripeGateway = config.stripe && createStripeGateway(config.stripe);
  const gateway: PaymentGateway = stripeGateway || createTestGateway(database.db);
  const payments = new PaymentsService({ db: database.db, gateway, mailer, log: app.log });
  const orders = new OrdersService({
    db: database.db,
    catalogue,
    mailer,
    releaseIntent: (order) => payments.releaseIntent(order),
    policy: {
      holdHours: config.reservationHoldHours,
      maxUnpaid: config.maxUnpaidOrders,
      baseUrl: config.baseUrl,
    },
  });
  app.decorate('orders', orders);
  if (config.reservationHoldHours > 0) {
    await holdUnheldOrders(database.db, config.reservationHoldHours);
    const expiry = reservationExpiry(orders, app.log);
    await jobs.register(expiry);
    await jobs.schedule(expiry, '* * * * *');
  }
  await app.register(
    async (api) => {
      await api.register(healthRoutes, { db: database.db, dataDir: config.dataDir });
      await api.register(toolsRoutes, { catalogue });
      await api.register(usersRoutes, { db: database.db });
      await api.register(uploadsRoutes, { storage: imageStorage, imageWork });
      await api.register(ordersRoutes, { db: database.db, orders });
      await api.register(paymentsRoutes, { db: database.db, gateway, payments });
      await api.register(reviewsRoutes, { db: database.db });
      await api.register(mailRoutes, { db: database.db, mailer });
      await api.register(contactRoutes, { db: database.db, mailer, to: config.contactEmail });
      if (stripeGateway) await api.register(stripeWebhookRoutes, { gateway: stripeGateway, payments });
    },
    { prefix: '/api' },
  );
  // Uploaded images never change under their random names; files appear while the app runs.
  await app.register(fastifyStatic, {
    root: imageStorage.dir,
    prefix: '/uploads/',
    decorateReply: false,
    wildcard: true,
    index: false,
    dotfiles: 'ignore',
    cacheControl: false,
    setHeaders(reply) {
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      reply.header('x-content-type-options', 'nosniff');
    },
  });
  await app.register(staticPlugin, { root: options.clientDir ?? clientDistDir });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
