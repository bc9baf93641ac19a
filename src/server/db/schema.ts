import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * What the trigram searches of the admin tables look in, one expression per table: the GIN index is on exactly
 * this expression, and the queries must use it as it is for the index to serve them.
 */
export const userSearchText = (t: { name: AnyPgColumn; email: AnyPgColumn }) =>
  sql`${t.name} || ' ' || ${t.email}`;
export const orderSearchText = (t: { userName: AnyPgColumn; email: AnyPgColumn; productName: AnyPgColumn }) =>
  sql`${t.userName} || ' ' || ${t.email} || ' ' || ${t.productName}`;

export const tools = pgTable(
  'tools',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    priceCents: integer('price_cents').notNull(),
    availableQuantity: integer('available_quantity').notNull(),
    minOrderQuantity: integer('min_order_quantity').notNull(),
    details: text('details').notNull(),
    image: text('image').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Administrators' edits only: orders change the stock without it (an edit applies stock as a change). */
    version: integer('version').notNull().default(1),
    /**
     * Counts every write of the stock. Each process keeps the catalogue in memory and applies the stock
     * changes it hears of (NOTIFY), which may reach it in any order: only a higher count than it holds is newer.
     */
    stockRevision: bigint('stock_revision', { mode: 'number' }).notNull().default(0),
  },
  (table) => [
    // The catalogue's sorts, each with the price, so that a price filter passes over tools in the index alone
    // (tools.repo.ts). The name sort's index is on a column kept out of this file, as the search's is
    // (migrations 0009 and 0015, catalogue-search.ts). NULLS FIRST, as ORDER BY … DESC sorts, or the index
    // cannot give the order.
    index('tools_newest_idx').on(
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
      table.priceCents,
    ),
    index('tools_price_idx').on(
      table.priceCents,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    check('tools_price_positive', sql`${table.priceCents} > 0`),
    check('tools_stock_not_negative', sql`${table.availableQuantity} >= 0`),
    check('tools_min_order_at_least_one', sql`${table.minOrderQuantity} >= 1`),
  ],
);

/** One-off facts about this database, such as whether the demo data was ever seeded. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// Accounts: the tables Better Auth works on (its model names are the keys passed to its Drizzle adapter).

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    /** "admin" for administrators; anything else is a plain user. */
    role: text('role').notNull().default('user'),
    number: text('number'),
    address: text('address'),
    institute: text('institute'),
    /** Set by an administrator: the account cannot sign in (its orders and reviews stay). */
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('users_search_trgm_idx').using('gin', sql`(${userSearchText(table)}) gin_trgm_ops`),
    // The accounts in the order they were made, as All User and GET /api/user list them.
    index('users_created_at_id_idx').on(table.createdAt, table.id),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('accounts_user_id_idx').on(table.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('verifications_identifier_idx').on(table.identifier)],
);

/** Better Auth's rate-limit counters: in the database so that every server process shares them. */
export const rateLimits = pgTable('rate_limits', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

// Orders keep their own copy of the product's name, image and price: changing or deleting a tool never
// changes an order.
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toolId: uuid('tool_id').references(() => tools.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    img: text('img').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    priceCents: integer('price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    address: text('address').notNull(),
    number: text('number').notNull(),
    email: text('email').notNull(),
    userName: text('user_name').notNull(),
    paid: boolean('paid').notNull().default(false),
    transactionId: text('transaction_id').unique(),
    /** Paid through the built-in test gateway: no money moved. */
    testPayment: boolean('test_payment').notNull().default(false),
    /** The one payment intent of this order at the gateway, once the buyer has opened the payment page. */
    paymentIntentId: text('payment_intent_id'),
    /** An unpaid order keeps its stock until then; null: held until cancelled. */
    heldUntil: timestamp('held_until', { withTimezone: true }),
    isDelivered: boolean('is_delivered').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    /** The buyer's key for the purchase (the Idempotency-Key header): a retried request finds this order. */
    requestKey: text('request_key'),
  },
  (table) => [
    index('orders_user_id_idx').on(table.userId, table.createdAt),
    uniqueIndex('orders_user_request_key_idx').on(table.userId, table.requestKey),
    index('orders_created_at_idx').on(table.createdAt),
    index('orders_search_trgm_idx').using('gin', sql`(${orderSearchText(table)}) gin_trgm_ops`),
    index('orders_unpaid_held_until_idx')
      .on(table.heldUntil)
      .where(sql`NOT ${table.paid}`),
    check('orders_quantity_positive', sql`${table.quantity} > 0`),
    check(
      'orders_price_is_quantity_times_unit',
      sql`${table.priceCents} = ${table.quantity} * ${table.unitPriceCents}`,
    ),
    check('orders_paid_has_transaction', sql`${table.paid} = (${table.transactionId} IS NOT NULL)`),
    check('orders_delivered_only_when_paid', sql`NOT ${table.isDelivered} OR ${table.paid}`),
  ],
);

/** The built-in test gateway's payment intents (Stripe keeps its own). */
export const testPaymentIntents = pgTable('test_payment_intents', {
  id: text('id').primaryKey(),
  clientSecret: text('client_secret').notNull().unique(),
  orderId: uuid('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' }),
  amountCents: integer('amount_cents').notNull(),
  status: text('status').notNull().default('requires_payment_method'),
  /** Asking twice with the same key answers the same intent, as at Stripe. */
  idempotencyKey: text('idempotency_key').unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: real('rating').notNull(),
    review: text('review').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Newest first, a page at a time (reviews.repo.ts).
    index('reviews_created_at_id_idx').on(table.createdAt, table.id),
    // An account's reviews: deleted together by an administrator, or with the account.
    index('reviews_user_id_idx').on(table.userId),
    check('reviews_rating_range', sql`${table.rating} BETWEEN 1 AND 5`),
  ],
);

/** Get In Touch messages, kept besides being mailed; the client address bounds how many one client sends. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    clientIp: text('client_ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When an administrator marked it handled; until then it is new in the contact inbox. */
    handledAt: timestamp('handled_at', { withTimezone: true }),
  },
  (table) => [
    index('contact_messages_client_idx').on(table.clientIp, table.createdAt),
    index('contact_messages_newest_idx').on(
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('contact_messages_new_idx')
      .on(table.createdAt)
      .where(sql`${table.handledAt} IS NULL`),
  ],
);

/**
 * Our own rate limits (Better Auth keeps its own in rate_limits): one counter per key and fixed window, in
 * the database so that every server process counts together.
 */
export const requestLimits = pgTable(
  'request_limits',
  {
    key: text('key').primaryKey(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
  },
  (table) => [index('request_limits_window_idx').on(table.windowStart)],
);

/** Mails that could not be delivered after every retry: kept for administrators to send again. */
export const undeliverableMails = pgTable(
  'undeliverable_mails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    /** The whole message, as the mail queue had it. */
    message: jsonb('message').notNull(),
    error: text('error').notNull(),
    attempts: integer('attempts').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('undeliverable_mails_failed_at_idx').on(table.failedAt)],
);

/**
 * Mails written by a change, in its transaction, until the relay moves them into the mail queue (pg-boss) a
 * batch at a time: a row here costs the writing transaction far less than a job does.
 */
export const pendingMails = pgTable('pending_mails', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  message: jsonb('message').notNull(),
});

export const schema = {
  tools,
  appMeta,
  users,
  sessions,
  accounts,
  verifications,
  rateLimits,
  orders,
  testPaymentIntents,
  reviews,
  contactMessages,
  requestLimits,
  undeliverableMails,
  pendingMails,
};
