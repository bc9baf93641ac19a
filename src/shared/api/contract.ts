import { z } from 'zod';
import { socialProvidersSchema } from '#shared/schemas/auth.ts';
import {
  contactInboxQuerySchema,
  contactInboxSchema,
  contactMessageSchema,
  contactReceiptSchema,
} from '#shared/schemas/contact.ts';
import {
  deletedCountSchema,
  idParamsSchema,
  insertedIdSchema,
  modifiedCountSchema,
} from '#shared/schemas/common.ts';
import { healthSchema, readinessSchema } from '#shared/schemas/health.ts';
import { resentCountSchema, undeliverableMailSchema } from '#shared/schemas/mail.ts';
import {
  adminOrdersQuerySchema,
  orderSchema,
  ordersExportQuerySchema,
  ordersPageSchema,
  ordersQuerySchema,
  placeOrderSchema,
} from '#shared/schemas/orders.ts';
import {
  clientSecretSchema,
  createIntentSchema,
  orderPaySchema,
  paymentSummarySchema,
  testConfirmResultSchema,
  testConfirmSchema,
} from '#shared/schemas/payments.ts';
import {
  adminReviewsQuerySchema,
  adminReviewsSchema,
  reviewInputSchema,
  reviewListQuerySchema,
  reviewSchema,
} from '#shared/schemas/reviews.ts';
import {
  catalogueQuerySchema,
  cataloguePageSchema,
  toolInputSchema,
  toolListQuerySchema,
  toolSchema,
  toolUpdateSchema,
} from '#shared/schemas/tools.ts';
import { salesOverviewSchema } from '#shared/schemas/reports.ts';
import { uploadResultSchema } from '#shared/schemas/uploads.ts';
import {
  adminCheckSchema,
  adminUsersQuerySchema,
  blockRequestSchema,
  emailParamsSchema,
  profileUpdateSchema,
  userSchema,
  usersPageSchema,
} from '#shared/schemas/users.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One endpoint of the shop's API, described once for both sides: the server registers its route and
 * validation from it, the browser calls it with types inferred from it. Paths are below /api, with Fastify's
 * `:name` parameters.
 */
export interface Endpoint {
  method: HttpMethod;
  path: string;
  summary: string;
  tag: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  response: z.ZodType;
  /** The status of a successful answer, 200 unless said. */
  status?: 200 | 201;
}

const endpoint = <const E extends Endpoint>(definition: E): E => definition;

export const api = {
  health: {
    live: endpoint({
      method: 'GET',
      path: '/health',
      tag: 'system',
      summary: 'Liveness: answers while the process runs',
      response: healthSchema,
    }),
    ready: endpoint({
      method: 'GET',
      path: '/health/ready',
      tag: 'system',
      summary: 'Readiness: answers 200 while this process can serve requests',
      response: readinessSchema,
    }),
  },
  auth: {
    providers: endpoint({
      method: 'GET',
      path: '/auth-providers',
      tag: 'auth',
      summary: 'The social sign-in providers (Google, GitHub) configured on this server',
      response: socialProvidersSchema,
    }),
  },
  tools: {
    list: endpoint({
      method: 'GET',
      path: '/parts',
      tag: 'tools',
      summary: 'All tools, newest first; ?limit=N gives the N newest',
      query: toolListQuerySchema,
      response: z.array(toolSchema),
    }),
    page: endpoint({
      method: 'GET',
      path: '/catalogue',
      tag: 'tools',
      summary:
        'A page of the catalogue: `q` looks for every word in names and details (any order, small typos ' +
        'forgiven); `inStock=true` keeps the tools that can be ordered now (stock at least the minimum ' +
        'order); prices in dollars; newest first unless `sort` says otherwise',
      query: catalogueQuerySchema,
      response: cataloguePageSchema,
    }),
    get: endpoint({
      method: 'GET',
      path: '/parts/:id',
      tag: 'tools',
      summary: 'One tool',
      params: idParamsSchema,
      response: toolSchema,
    }),
    add: endpoint({
      method: 'POST',
      path: '/parts',
      tag: 'tools',
      summary: 'Add a tool (administrators); price in dollars',
      body: toolInputSchema,
      response: insertedIdSchema,
    }),
    update: endpoint({
      method: 'PATCH',
      path: '/parts/:id',
      tag: 'tools',
      summary: 'Update a tool (administrators); without a name the name stays',
      params: idParamsSchema,
      body: toolUpdateSchema,
      response: modifiedCountSchema,
    }),
    remove: endpoint({
      method: 'DELETE',
      path: '/parts/:id',
      tag: 'tools',
      summary: 'Delete a tool (administrators); orders keep their own copy of it',
      params: idParamsSchema,
      response: deletedCountSchema,
    }),
  },
  users: {
    get: endpoint({
      method: 'GET',
      path: '/user/:email',
      tag: 'users',
      summary: 'A profile',
      params: emailParamsSchema,
      response: userSchema,
    }),
    update: endpoint({
      method: 'PUT',
      path: '/user/:email',
      tag: 'users',
      summary: 'Update a profile; empty fields keep their value, the e-mail cannot change',
      params: emailParamsSchema,
      body: profileUpdateSchema,
      response: modifiedCountSchema.extend({ user: userSchema }),
    }),
    list: endpoint({
      method: 'GET',
      path: '/user',
      tag: 'users',
      summary: 'Every user (administrators)',
      response: z.array(userSchema),
    }),
    page: endpoint({
      method: 'GET',
      path: '/admin/users',
      tag: 'users',
      summary: 'A page of the accounts, oldest first; `q` looks in names and e-mails (administrators)',
      query: adminUsersQuerySchema,
      response: usersPageSchema,
    }),
    promote: endpoint({
      method: 'PUT',
      path: '/user/admin/:email',
      tag: 'users',
      summary: 'Make a user an administrator (administrators)',
      params: emailParamsSchema,
      response: modifiedCountSchema,
    }),
    block: endpoint({
      method: 'PUT',
      path: '/user/blocked/:email',
      tag: 'users',
      summary:
        "Block an account, which ends its sessions and stops its sign-ins, or unblock it; not an administrator's (administrators)",
      params: emailParamsSchema,
      body: blockRequestSchema,
      response: modifiedCountSchema,
    }),
    isAdmin: endpoint({
      method: 'GET',
      path: '/admin/:email',
      tag: 'users',
      summary: 'Whether this user is an administrator',
      params: emailParamsSchema,
      response: adminCheckSchema,
    }),
  },
  uploads: {
    upload: endpoint({
      method: 'POST',
      path: '/uploads',
      tag: 'uploads',
      summary: 'Upload an image (signed-in users)',
      // A multipart form: the body is read by the route itself, never validated as JSON.
      response: uploadResultSchema,
    }),
  },
  orders: {
    place: endpoint({
      method: 'POST',
      path: '/order',
      tag: 'orders',
      summary:
        'Book an order; reserves its quantity from stock. With an `Idempotency-Key` header (16 to 64 letters, ' +
        'digits, - or _), a retry answers the order that key booked instead of booking another',
      body: placeOrderSchema,
      response: insertedIdSchema,
    }),
    mine: endpoint({
      method: 'GET',
      path: '/singleOrder',
      tag: 'orders',
      summary:
        "The orders of the account that has this e-mail now, newest first (one's own; administrators anyone's)",
      query: ordersQuerySchema,
      response: z.array(orderSchema),
    }),
    cancel: endpoint({
      method: 'DELETE',
      path: '/myorder/:id',
      tag: 'orders',
      summary: 'Cancel one of your unpaid orders; its quantity returns to stock',
      params: idParamsSchema,
      response: deletedCountSchema,
    }),
    all: endpoint({
      method: 'GET',
      path: '/orders',
      tag: 'orders',
      summary: 'Every order (administrators)',
      response: z.array(orderSchema),
    }),
    page: endpoint({
      method: 'GET',
      path: '/admin/orders',
      tag: 'orders',
      summary:
        "A page of every order, newest first (administrators): `q` looks in the buyer's name and e-mail " +
        'and the product; `state` is unpaid, paid (not shipped yet) or shipped',
      query: adminOrdersQuerySchema,
      response: ordersPageSchema,
    }),
    invoice: endpoint({
      method: 'GET',
      path: '/orders/:id/invoice',
      tag: 'orders',
      summary:
        "A paid order's invoice as a PDF (its buyer, or an administrator); 409 while the order is unpaid",
      params: idParamsSchema,
      response: z.string().describe('application/pdf'),
    }),
    exportCsv: endpoint({
      method: 'GET',
      path: '/admin/orders.csv',
      tag: 'orders',
      summary:
        'Every order matching `q` and `state`, newest first, as a CSV file for spreadsheets (UTF-8 with a ' +
        'byte-order mark; cells that a spreadsheet would run as formulas start with an apostrophe) ' +
        '(administrators)',
      query: ordersExportQuerySchema,
      response: z.string().describe('text/csv'),
    }),
    remove: endpoint({
      method: 'DELETE',
      path: '/order/:id',
      tag: 'orders',
      summary: 'Delete an unpaid order (administrators); its quantity returns to stock',
      params: idParamsSchema,
      response: deletedCountSchema,
    }),
    ship: endpoint({
      method: 'PUT',
      path: '/ship/:id',
      tag: 'orders',
      summary: 'Ship a paid order (administrators)',
      params: idParamsSchema,
      response: modifiedCountSchema,
    }),
  },
  payments: {
    summary: endpoint({
      method: 'GET',
      path: '/payment/:id',
      tag: 'payments',
      summary: 'What the buyer is about to pay for',
      params: idParamsSchema,
      response: paymentSummarySchema,
    }),
    createIntent: endpoint({
      method: 'POST',
      path: '/create-payment-intent',
      tag: 'payments',
      summary: "A payment intent for the buyer's unpaid order; the amount is the order's",
      body: createIntentSchema,
      response: clientSecretSchema,
    }),
    markPaid: endpoint({
      method: 'PATCH',
      path: '/orderPay/:id',
      tag: 'payments',
      summary: 'Mark the order paid once the gateway confirms the payment',
      params: idParamsSchema,
      body: orderPaySchema,
      response: modifiedCountSchema,
    }),
    testConfirm: endpoint({
      method: 'POST',
      path: '/payments/test/confirm',
      tag: 'payments',
      summary: 'Charge a card through the built-in test gateway (Stripe test-mode card numbers)',
      body: testConfirmSchema,
      response: testConfirmResultSchema,
    }),
  },
  reviews: {
    post: endpoint({
      method: 'POST',
      path: '/review',
      tag: 'reviews',
      summary: 'Post a review as the signed-in user (who must have ordered something)',
      body: reviewInputSchema,
      response: insertedIdSchema,
    }),
    list: endpoint({
      method: 'GET',
      path: '/reviews',
      tag: 'reviews',
      summary: 'Every review, newest first; or, with limit (and before), one page of them',
      query: reviewListQuerySchema,
      response: z.array(reviewSchema),
    }),
    manage: endpoint({
      method: 'GET',
      path: '/admin/reviews',
      tag: 'reviews',
      summary:
        "Every review, newest first, a page at a time, whole and with its author's e-mail; q looks in the text and the author's name and e-mail (administrators)",
      query: adminReviewsQuerySchema,
      response: adminReviewsSchema,
    }),
    remove: endpoint({
      method: 'DELETE',
      path: '/admin/reviews/:id',
      tag: 'reviews',
      summary: 'Delete a review (administrators); 0 if there is no such review',
      params: idParamsSchema,
      response: deletedCountSchema,
    }),
    removeByAuthor: endpoint({
      method: 'DELETE',
      path: '/admin/users/:id/reviews',
      tag: 'reviews',
      summary: 'Delete every review of one account, by its id (administrators); how many were deleted',
      params: idParamsSchema,
      response: deletedCountSchema,
    }),
  },
  contact: {
    send: endpoint({
      method: 'POST',
      path: '/contact',
      tag: 'contact',
      summary: 'Send a message to the shop (Get In Touch); kept and mailed to the shop',
      body: contactMessageSchema,
      response: contactReceiptSchema,
      status: 201,
    }),
    inbox: endpoint({
      method: 'GET',
      path: '/contact/messages',
      tag: 'contact',
      summary: 'The Get In Touch messages, newest first, with how many are not handled yet (administrators)',
      query: contactInboxQuerySchema,
      response: contactInboxSchema,
    }),
    handle: endpoint({
      method: 'PATCH',
      path: '/contact/messages/:id',
      tag: 'contact',
      summary: 'Mark a Get In Touch message handled (administrators); 0 if it already was or is unknown',
      params: idParamsSchema,
      response: modifiedCountSchema,
    }),
  },
  reports: {
    sales: endpoint({
      method: 'GET',
      path: '/admin/sales',
      tag: 'reports',
      summary:
        'Sales at a glance (administrators): revenue of paid orders per day over the last 30 days, orders ' +
        'by state, the five tools with the most revenue, stock held by unpaid orders, and the tools that ' +
        'can no longer be ordered',
      response: salesOverviewSchema,
    }),
  },
  mail: {
    undeliverable: endpoint({
      method: 'GET',
      path: '/mail/undeliverable',
      tag: 'mail',
      summary: 'Mails that could not be delivered after every retry, newest first (administrators)',
      response: z.array(undeliverableMailSchema),
    }),
    resend: endpoint({
      method: 'POST',
      path: '/mail/undeliverable/:id/resend',
      tag: 'mail',
      summary: 'Queue an undeliverable mail again, with a fresh round of retries (administrators)',
      params: idParamsSchema,
      response: resentCountSchema,
    }),
    drop: endpoint({
      method: 'DELETE',
      path: '/mail/undeliverable/:id',
      tag: 'mail',
      summary: 'Let an undeliverable mail go (administrators)',
      params: idParamsSchema,
      response: deletedCountSchema,
    }),
  },
} as const;

/** What a call of the endpoint sends: its path parameters, query and body, each where it has one. */
export type EndpointInput<E extends Endpoint> = (E['params'] extends z.ZodType
  ? { params: z.input<E['params']> }
  : { params?: never }) &
  (E['query'] extends z.ZodType ? { query: z.input<E['query']> } : { query?: never }) &
  (E['body'] extends z.ZodType ? { body: z.input<E['body']> } : { body?: never });

/** What the endpoint answers on success. */
export type EndpointOutput<E extends Endpoint> = z.output<E['response']>;
