import sensible from '@fastify/sensible';
import Fastify, { LogController, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { JobRunner } from './adapters/jobs/job-runner.ts';
import { createMailer, type Mailer } from './adapters/mail/mailer.ts';
import type { PaymentGateway } from './adapters/payments/payment-gateway.ts';
import { createStripeGateway } from './adapters/payments/stripe-gateway.ts';
import { createTestGateway } from './adapters/payments/test-gateway.ts';
import { openImageStorage } from './adapters/storage/open-image-storage.ts';
import { openDatabase, type Database } from './db/client.ts';
import { routineVacuum } from './db/routine-vacuum.ts';
import { httpServerFactory } from './http-server.ts';
import { logSerializers } from './log-serializers.ts';
import { requestLogPlugin } from './plugins/request-log.ts';
import { runPeriodically } from './periodic-task.ts';
import { createServices } from './services.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { mailRoutes } from './modules/mail/mail.routes.ts';
import type { OrdersService } from './modules/orders/orders.service.ts';
import type { ReviewsService } from './modules/reviews/reviews.service.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { stripeWebhookRoutes } from './modules/payments/stripe-webhook.routes.ts';
import { reviewsRoutes } from './modules/reviews/reviews.routes.ts';
import type { ToolsService } from './modules/tools/tools.service.ts';
import { toolsRoutes } from './modules/tools/tools.routes.ts';
import type { ImageWork } from './modules/uploads/uploads.service.ts';
import { storedImagesRoutes } from './modules/uploads/stored-images.routes.ts';
import { uploadsRoutes } from './modules/uploads/uploads.routes.ts';
import type { UsersService } from './modules/users/users.service.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { clientDistDir } from './paths.ts';
import { authPlugin } from './plugins/auth.ts';
import { crawlerFilesPlugin } from './plugins/crawler-files.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { inputGuardPlugin, JSON_BODY_LIMIT } from './plugins/input-guard.ts';
import { hitCounterFor } from './plugins/hit-counter.ts';
import { ClientTurns } from './client-turns.ts';
import { limitRules, rateLimitPlugin } from './plugins/rate-limit.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { securityPlugin } from './plugins/security.ts';
import { staticPlugin } from './plugins/static.ts';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    jobs: JobRunner;
    tools: ToolsService;
    users: UsersService;
    orders: OrdersService;
    reviews: ReviewsService;
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
    // The request log plugin decides what to log (plugins/request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: { ignoreTrailingSlash: true },
    serverFactory: httpServerFactory(config.connections),
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: trustedProxies(config.trustProxy),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // First: a bucket that cannot be used stops the start before anything else is opened. Closed last.
  const imageStorage = await openImageStorage(config);
  app.addHook('onClose', async () => imageStorage.close?.());

  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: config.pgliteDir,
      poolSize: config.databasePoolSize,
      log: app.log,
    }));
  if (!options.database) app.addHook('onClose', () => database.close());

  app.decorate('database', database);
  const db = database.db;

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
  app.decorate('jobs', jobs);
  const gateway: PaymentGateway = config.stripe
    ? createStripeGateway({ ...config.stripe, shop: config.baseUrl })
    : createTestGateway(db);
  // One count of requests and mails per key, for the rate limits and the mails anyone can ask for.
  const hits = hitCounterFor(database);
  const { auth, contact, health, mailer, orders, payments, reports, reviews, tools, uploads, users } =
    await createServices({
      config,
      database,
      hits,
      jobs,
      transport,
      gateway,
      imageStorage,
      imageWork: options.imageWork,
      log: app.log,
    });
  runPeriodically(app, uploads.unusedImagesSweep());
  runPeriodically(app, mailer.pendingMailSweep());
  runPeriodically(app, auth.expiredRowsSweep());
  // Before the job runner stops: a move of pending mails under way finishes.
  app.addHook('onClose', () => mailer.settled());
  if (database.kind === 'pglite') runPeriodically(app, routineVacuum(db));
  app.decorate('tools', tools);
  app.decorate('users', users);
  app.decorate('orders', orders);
  app.decorate('reviews', reviews);

  await app.register(sensible);
  await app.register(requestLogPlugin, { slowMs: config.slowRequestMs });
  await app.register(errorsPlugin);
  await app.register(inputGuardPlugin);
  const https = config.baseUrl.startsWith('https://');
  await app.register(securityPlugin, {
    https,
    stripe: gateway.kind === 'stripe',
    allowedOrigins: [new URL(config.baseUrl).origin, ...config.trustedOrigins],
  });
  await app.register(openapiPlugin, { https });
  await app.register(authPlugin, {
    auth,
    baseUrl: config.baseUrl,
    currentRole: (userId) => users.role(userId),
  });
  await app.register(rateLimitPlugin, { counter: hits, rules: limitRules(config) });
  // Reads that anyone may send and that need the database, taken in turns per client.
  const turns = new ClientTurns();
  await app.register(
    async (api) => {
      await api.register(healthRoutes, { health });
      await api.register(authRoutes, { auth });
      await api.register(toolsRoutes, { tools, turns });
      await api.register(usersRoutes, { users });
      await api.register(uploadsRoutes, { uploads });
      await api.register(ordersRoutes, { orders });
      await api.register(paymentsRoutes, { gateway, payments });
      await api.register(reviewsRoutes, { reviews, turns });
      await api.register(mailRoutes, { mailer });
      await api.register(contactRoutes, { contact });
      await api.register(reportsRoutes, { reports });
      if (gateway.kind === 'stripe') await api.register(stripeWebhookRoutes, { gateway, payments });
    },
    { prefix: '/api' },
  );
  await app.register(storedImagesRoutes, { uploads });
  await app.register(crawlerFilesPlugin, { baseUrl: config.baseUrl });
  await app.register(staticPlugin, {
    root: options.clientDir ?? clientDistDir,
    // Written without the Google and GitHub buttons, which this server then offers.
    unwrittenPages: auth.socialProviders.length > 0 ? ['/signin', '/signup'] : [],
  });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
