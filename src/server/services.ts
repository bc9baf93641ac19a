import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { JobRunner } from './adapters/jobs/job-runner.ts';
import type { Mailer } from './adapters/mail/mailer.ts';
import type { PaymentGateway } from './adapters/payments/payment-gateway.ts';
import type { ImageStorage } from './adapters/storage/storage.ts';
import type { Database } from './db/client.ts';
import type { HitCounter } from './plugins/hit-counter.ts';
import { AuthService } from './modules/auth/auth.service.ts';
import { ContactService } from './modules/contact/contact.service.ts';
import { HealthService } from './modules/health/health.service.ts';
import { MailService } from './modules/mail/mail.service.ts';
import { OrdersService } from './modules/orders/orders.service.ts';
import { PaymentsService } from './modules/payments/payments.service.ts';
import { ReportsService } from './modules/reports/reports.service.ts';
import { ReviewsService } from './modules/reviews/reviews.service.ts';
import { ToolsService } from './modules/tools/tools.service.ts';
import { ImageWork, UploadsService } from './modules/uploads/uploads.service.ts';
import { UsersService } from './modules/users/users.service.ts';

/** What the services stand on: the configuration and the adapters app.ts has chosen and opened. */
export interface Foundation {
  config: Config;
  database: Database;
  hits: HitCounter;
  jobs: JobRunner;
  transport: Mailer;
  gateway: PaymentGateway;
  imageStorage: ImageStorage;
  /** Replaces the conversion queue the configuration sets up (tests hold its conversions). */
  imageWork: ImageWork | undefined;
  log: FastifyBaseLogger;
}

/**
 * Builds each module's service and hands every one the services it uses: the one place that knows which
 * module needs which. Starts their background work (mail delivery, reservation expiry, catalogue changes).
 */
export async function createServices(foundation: Foundation) {
  const { config, database, hits, jobs, transport, gateway, imageStorage, log } = foundation;
  const { db } = database;
  const mailer = new MailService(jobs, { db, transport, retries: config.mailRetries, log });
  await mailer.start();
  const tools = new ToolsService(db, { staleCatalogueMs: config.staleCatalogueSeconds * 1000 });
  await tools.followChanges(database);
  const users = new UsersService(db);
  await users.followBlocks(database);
  for (const email of await users.applyConfiguredAdmins(config.adminEmails)) {
    log.warn(`${email} is in ADMIN_EMAILS but not verified: it is no administrator until it is`);
  }
  const auth = await AuthService.create({ config, db, hits, mailer, users, log });
  await auth.followEndedSessions(database);
  // Orders and payments call each other: an order cancels its payment intent, a payment marks its order paid.
  const orders: OrdersService = new OrdersService({
    db,
    tools,
    users,
    mailer,
    releaseIntent: (order) => payments.releaseIntent(order),
    policy: {
      holdHours: config.reservationHoldHours,
      maxUnpaid: config.maxUnpaidOrders,
      baseUrl: config.baseUrl,
    },
  });
  const payments = new PaymentsService({ gateway, orders, users, mailer, log });
  await orders.scheduleExpiry(jobs, log);
  const uploads = new UploadsService({
    storage: imageStorage,
    imageWork:
      foundation.imageWork ??
      new ImageWork({ concurrency: config.uploadConcurrency, queueLimit: config.uploadQueueLimit }),
    usedBy: [tools, users, orders],
    graceHours: config.uploadGraceHours,
    log,
  });
  return {
    auth,
    contact: new ContactService({ db, mailer, to: config.contactEmail }),
    health: new HealthService({ db, dataDir: config.dataDir, log }),
    reports: new ReportsService(db),
    mailer,
    orders,
    payments,
    reviews: new ReviewsService({ db, orders, users }),
    tools,
    uploads,
    users,
  };
}
