import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, reviews, undeliverableMails } from './db/schema.ts';
import { addTestTool } from './testing/tools.ts';
import { multipart, type Part } from './testing/multipart.ts';
import { createUser, type TestUser } from './testing/accounts.ts';
import { authEndpoints, documentedRoutes, fillPath, type HttpMethod } from './testing/api-routes.ts';
import { snapshotDatabase } from './testing/db-snapshot.ts';
import { createTestApp, type TestContext } from './testing/test-app.ts';

const ROLES = ['anonymous', 'buyer', 'otherBuyer', 'admin'] as const;
type Role = (typeof ROLES)[number];

/**
 * A status, or a 200 whose body says that nothing was done (the spec's client reads these counts). Every
 * request of the matrix is valid, so an error status is a refusal: it must come as the API's error body and
 * leave all data as it was; so must a "nothing done".
 */
type Outcome = number | { status: 200; nothingDone: Record<string, number> };
const nothingDone = (body: Record<string, number>): Outcome => ({ status: 200, nothingDone: body });

/**
 * Who may do what. "buyer" owns the resource in the path or body (an unpaid order, their profile, a payment
 * intent); "otherBuyer" is a second plain account sending the very same request for the buyer's resource.
 * Every route of the OpenAPI document has a row; so do the Better Auth endpoints the shop's pages use with a
 * session.
 */
const EXPECTED = {
  'GET /api/health': { anonymous: 200, buyer: 200, otherBuyer: 200, admin: 200 },
  'GET /api/health/ready': { anonymous: 200, buyer: 200, otherBuyer: 200, admin: 200 },
  'GET /api/auth-providers': { anonymous: 200, buyer: 200, otherBuyer: 200, admin: 200 },
  'GET /api/parts': { anonymous: 200, buyer: 200, otherBuyer: 200, admin: 200 },
  'POST /api/parts': { anonymous: 401, buyer: 403, otherBuyer: 403, admin: 200 },
  'GET /api/parts/{id}': { anonymous: 200, buyer: 200, otherBuyer: 200, admin: 200 },
  'GET /api/catalogue': { anonymous: 200, buyer: 200, otherBuyer: 200, admin: 200 },
  'PATCH /api/parts/{id}': { anonymous: 401, buyer: 403, otherBuyer: 403, admin: 200 },
  'DELETE /api/parts/{id}': { anonymous: 401, buyer: 403, otherBuyer: 403, admin: 200 },
  'GET /api/user/{email}': { anonymous: 401, buyer: 200, otherBuyer: 403, admin: 200 },
  'PUT /api/user/{email}': { anonymous: 401, buyer: 200, otherBuyer: 403, admin: 200 },
  'GET /api/user': { anonymous: 401, buyer: 403, otherBuyer: 403, admin: 200 },
  'GET /api/admin/users': { anonymous: 401, buyer: 403, otherBuyer: 403, admin: 200 },
  'PUT /api/user/admin/{email}': { anonymous: 401, buyer: 403, otherBuyer: 403, admin: 200 },
  'PUT /api/user/blocked/{email}': { anonymous: 401, buyer: 403, otherBuyer: 403, admin: 200 },
  'GET /api/admin/{email}': { anonymous: 401, buyer: 200, otherBuyer: 403, admin: 200 },
  'POST /api/uploads': { anonymous: 401, buyer: 200, otherBuyer: 200, admin: 200 },
  'POST /api/order': { anonymous: 401, buyer: 200, otherBuyer: 200, admin: 200 },
  'GET /api/singleOrder': { anonymous: 401, buyer: 200, otherBuyer: 403, admin: 200 },
  // Only one's own order: an administrator deletes others' through DELETE /api/order/{id}.
  'DELETE /api/myorder/{id}': {
    anonymous: 401,
    buyer: 200,
    otherBuyer: nothingDone({ deletedCount: 0 }),
    admin: nothingDone({ deletedCount: 0 }),
  },
  'GET /api/orders': { anonymous: 401, buyer: 403, otherBuyer: 403, admin: 200 },
  'GET /api/admin/orders': { anonymous: 401, buyer: 403, otherBuyer: 403, admin: 200 },
  'DELETE /api/order/{id}': { anonymous: 401, buyer: 403, otherBuyer: 403, admin: 200 },
  'PUT /api/ship/{id}': { anonymous: 401, buyer: 403, otherBuyer: 403, admin: 200 },
  'GET /api/payment/{id}': { anonymous: 401, buyer: 200, otherBuyer: 404, admin: 404 },
  'POST /api/create-payment-intent': { anonymous: 401, buyer: 200, otherBuyer: 404, admin: 404 },
  'PATCH /api/orderPay/{id}': { anonymous: 401, buyer: 200, otherBuyer: 404, admin: 404 },
  // The client secret is the capability, as with Stripe: only the order's buyer is ever given it.
  'POST /api/payments/test/confirm': { anonymous: 401, buyer: 200, otherBuyer: 200, admin: 200 },
  // The buyer has ordered; the other accounts of the row have not.
  'POST /api/review': { anonymous: 401, buyer: 200, otherBuyer: 403, admin: 403 },
  'GET /api/reviews': { anonymous: 200, buyer: 200, otherBuyer: 200, admin: 200 },
  'GET /api/admin/reviews': { anonymous: 401, buyer: 403, otherBuyer: 403, admin: 200 },
  // Even the review's own author: what the shop shows is the office's to take down.
  'DELETE /api/admin/reviews/{id}': { anonymous: 401, buyer: 403, otherBuyer: 403, admin: 200 },
  'DELETE /api/admin/users/{id}/reviews': { anonymous: 401, buyer: 403, otherBuyer: 403, admin: 200 },
  'POST /api/contact': { anonymous: 201, buyer: 201, otherBuyer: 201, admin: 201 },
  'GET /api/mail/undeliverable': { anonymous: 401, buyer: 403, otherBuyer: 403, admin: 200 },
  'GET /api/contact/messages': { anonymous: 401, buyer: 403, otherBuyer: 403, admin: 200 },
  'GET /api/admin/orders.csv': { anonymous: 401, buyer: 403, otherBuyer: 403, admin: 200 },
  'GET /api/admin/sales': { anonymous: 401, buyer: 403, otherBuyer: 403, admin: 200 },
  // Another buyer's order is answered as unknown, as the payment page answers it.
  'GET /api/orders/{id}/invoice': { anonymous: 401, buyer: 200, otherBuyer: 404, admin: 200 },
  'PATCH /api/contact/messages/{id}': { anonymous: 401, buyer: 403, otherBuyer: 403, admin: 200 },
  'POST /api/mail/undeliverable/{id}/resend': { anonymous: 401, buyer: 403, otherBuyer: 403, admin: 200 },
  'DELETE /api/mail/undeliverable/{id}': { anonymous: 401, buyer: 403, otherBuyer: 403, admin: 200 },
  'GET /api/auth/get-session': { anonymous: 200, buyer: 200, otherBuyer: 200, admin: 200 },
  // Signed out, anyone may ask for the mail again (as the sign-in page does; rate-limited); signed in, only
  // for one's own address.
  'POST /api/auth/send-verification-email': { anonymous: 200, buyer: 200, otherBuyer: 400, admin: 400 },
} satisfies Record<string, Record<Role, Outcome>>;
type RouteKey = keyof typeof EXPECTED;

/** The accounts of one row of the matrix. */
interface Accounts {
  buyer: TestUser;
  otherBuyer: TestUser;
  admin: TestUser;
}

/** What one cell's request works on: the row's accounts, and a tool and an unpaid order of its own. */
interface Fixture extends Accounts {
  toolId: string;
  /** The buyer's unpaid order. */
  orderId: string;
}

interface ValidRequest {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: object;
  /** A multipart form instead of a JSON body. */
  form?: Part[];
}

const TOOL_FORM = {
  name: 'Torque wrench',
  price: 2.5,
  availableQuantity: 100,
  minOrderQuantity: 2,
  details: 'Half-inch drive',
  image: '/images/tools/torque-wrench.svg',
};
const TEST_CARD = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2034, cvc: '123' };

/** A request each route accepts from someone allowed to send it. */
const VALID_REQUESTS: Record<RouteKey, (f: Fixture) => ValidRequest | Promise<ValidRequest>> = {
  'GET /api/health': () => ({}),
  'GET /api/health/ready': () => ({}),
  'GET /api/auth-providers': () => ({}),
  'GET /api/parts': () => ({ query: { limit: '6' } }),
  'POST /api/parts': () => ({ body: TOOL_FORM }),
  'GET /api/parts/{id}': (f) => ({ params: { id: f.toolId } }),
  'GET /api/catalogue': () => ({ query: { q: 'wrench', sort: 'price-asc', inStock: 'true' } }),
  // The form as it was loaded before the fixture's order.
  'PATCH /api/parts/{id}': (f) => ({
    params: { id: f.toolId },
    body: { ...TOOL_FORM, price: 3, version: 1, loadedAvailableQuantity: TOOL_FORM.availableQuantity },
  }),
  'DELETE /api/parts/{id}': (f) => ({ params: { id: f.toolId } }),
  'GET /api/user/{email}': (f) => ({ params: { email: f.buyer.email } }),
  'PUT /api/user/{email}': (f) => ({
    params: { email: f.buyer.email },
    body: { name: 'Bea Baker', number: '+1 555 0100', address: '12 Mill Road', institute: 'Leeds College' },
  }),
  'GET /api/user': () => ({}),
  'GET /api/admin/users': () => ({ query: { q: 'Bea', page: '1', pageSize: '10' } }),
  'PUT /api/user/admin/{email}': (f) => ({ params: { email: f.buyer.email } }),
  // Unblocking, which leaves the buyer's sessions to the rows after it (blocking has tests of its own).
  'PUT /api/user/blocked/{email}': (f) => ({ params: { email: f.buyer.email }, body: { blocked: false } }),
  'GET /api/admin/{email}': (f) => ({ params: { email: f.buyer.email } }),
  'POST /api/uploads': async () => ({
    form: [{ field: 'image', data: await pngImage(), filename: 'photo.png', type: 'image/png' }],
  }),
  'POST /api/order': (f) => ({
    body: { toolId: f.toolId, quantity: 2, address: '1 Main St', number: '555-0100' },
  }),
  'GET /api/singleOrder': (f) => ({ query: { email: f.buyer.email } }),
  'DELETE /api/myorder/{id}': (f) => ({ params: { id: f.orderId } }),
  'GET /api/orders': () => ({}),
  'GET /api/admin/orders': () => ({
    query: { q: 'torque wrench', state: 'unpaid', page: '1', pageSize: '10' },
  }),
  'DELETE /api/order/{id}': (f) => ({ params: { id: f.orderId } }),
  'PUT /api/ship/{id}': async (f) => ({ params: { id: await paidOrder(f) } }),
  'GET /api/payment/{id}': (f) => ({ params: { id: f.orderId } }),
  'POST /api/create-payment-intent': (f) => ({ body: { orderId: f.orderId } }),
  'PATCH /api/orderPay/{id}': async (f) => ({
    params: { id: f.orderId },
    body: { transactionId: await succeededPayment(f) },
  }),
  'POST /api/payments/test/confirm': async (f) => ({
    body: {
      clientSecret: await paymentIntent(f),
      card: TEST_CARD,
      billing: { name: f.buyer.name, email: f.buyer.email },
    },
  }),
  'POST /api/review': () => ({ body: { customRating: 4.5, review: 'Sturdy and well made.' } }),
  'GET /api/reviews': () => ({}),
  'GET /api/admin/reviews': () => ({ query: { page: '1', pageSize: '5' } }),
  'DELETE /api/admin/reviews/{id}': async (f) => ({ params: { id: await review(f) } }),
  'DELETE /api/admin/users/{id}/reviews': async (f) => {
    await review(f);
    return { params: { id: f.buyer.id } };
  },
  'POST /api/contact': () => ({
    body: { name: 'Carla Reyes', email: 'carla@example.com', message: 'Do you deliver to Leeds?' },
  }),
  'GET /api/mail/undeliverable': () => ({}),
  'GET /api/contact/messages': () => ({}),
  'GET /api/admin/orders.csv': () => ({}),
  'GET /api/admin/sales': () => ({}),
  'GET /api/orders/{id}/invoice': async (f) => ({ params: { id: await paidOrder(f) } }),
  'PATCH /api/contact/messages/{id}': async () => ({ params: { id: await contactMessage() } }),
  'POST /api/mail/undeliverable/{id}/resend': async () => ({ params: { id: await undeliverableMail() } }),
  'DELETE /api/mail/undeliverable/{id}': async () => ({ params: { id: await undeliverableMail() } }),
  'GET /api/auth/get-session': () => ({}),
  'POST /api/auth/send-verification-email': (f) => ({
    body: { email: f.buyer.email, callbackURL: '/dashboard' },
  }),
};

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ AUTH_RATE_LIMIT: '100000', CONTACT_RATE_LIMIT: '100000' });
});
afterAll(() => ctx.close());

function headersOf(who: TestUser | undefined) {
  return who?.headers ?? { origin: ctx.config.baseUrl };
}

async function inject(method: HttpMethod, url: string, who: TestUser | undefined, request: ValidRequest) {
  const query = new URLSearchParams(request.query).toString();
  const form = request.form && (await multipart(request.form));
  return ctx.app.inject({
    method,
    url: query ? `${url}?${query}` : url,
    headers: { ...headersOf(who), ...(form && { 'content-type': form.contentType }) },
    payload: form?.payload ?? request.body,
  });
}

/** Sends a request as the buyer while setting up a cell, and insists that it works. */
async function asBuyer<T>(buyer: TestUser, method: HttpMethod, url: string, body: object): Promise<T> {
  const response = await inject(method, url, buyer, { body });
  if (response.statusCode !== 200) throw new Error(`${method} ${url}: ${response.statusCode}`);
  return response.json<T>();
}

async function paymentIntent(f: Fixture): Promise<string> {
  const intent = await asBuyer<{ clientSecret: string }>(f.buyer, 'POST', '/api/create-payment-intent', {
    orderId: f.orderId,
  });
  return intent.clientSecret;
}

/** Pays the buyer's order through the test gateway; answers the transaction id, not yet recorded. */
async function succeededPayment(f: Fixture): Promise<string> {
  const billing = { name: f.buyer.name, email: f.buyer.email };
  const payment = { clientSecret: await paymentIntent(f), card: TEST_CARD, billing };
  return (await asBuyer<{ id: string }>(f.buyer, 'POST', '/api/payments/test/confirm', payment)).id;
}

/** A mail to the buyer that the mail server kept refusing. */
async function undeliverableMail(): Promise<string> {
  const message = { to: 'bea@example.com', subject: 'Order confirmation', text: 'Thank you for your order.' };
  const [row] = await ctx.app.database.db
    .insert(undeliverableMails)
    .values({ recipient: message.to, subject: message.subject, message, error: 'Mailbox full', attempts: 11 })
    .returning({ id: undeliverableMails.id });
  return row!.id;
}

async function contactMessage(): Promise<string> {
  const [row] = await ctx.app.database.db
    .insert(contactMessages)
    .values({ name: 'Bea', email: 'bea@example.com', message: 'Do you ship abroad?', clientIp: '10.9.9.9' })
    .returning({ id: contactMessages.id });
  return row!.id;
}

async function review(f: Fixture): Promise<string> {
  const [row] = await ctx.app.database.db
    .insert(reviews)
    .values({ userId: f.buyer.id, rating: 4, review: 'Sturdy and well made.' })
    .returning({ id: reviews.id });
  return row!.id;
}

async function paidOrder(f: Fixture): Promise<string> {
  const transactionId = await succeededPayment(f);
  await asBuyer(f.buyer, 'PATCH', `/api/orderPay/${f.orderId}`, { transactionId });
  return f.orderId;
}

async function pngImage(): Promise<Buffer> {
  return sharp({ create: { width: 32, height: 24, channels: 3, background: '#f59e0b' } })
    .png()
    .toBuffer();
}

async function createFixture(accounts: Accounts): Promise<Fixture> {
  const tool = await addTestTool(ctx.app, {
    name: TOOL_FORM.name,
    priceCents: 250,
    availableQuantity: 100,
    minOrderQuantity: 2,
    details: TOOL_FORM.details,
    image: TOOL_FORM.image,
  });
  const toolId = tool.id;
  const order = { toolId, quantity: 2, address: '1 Main St', number: '555-0100' };
  const { insertedId } = await asBuyer<{ insertedId: string }>(accounts.buyer, 'POST', '/api/order', order);
  return { ...accounts, toolId, orderId: insertedId };
}

/** Every table's rows and the stored images: equal states prove that a request changed nothing. */
async function dataState(): Promise<string> {
  const images = (await readdir(path.join(ctx.config.dataDir, 'uploads'))).sort();
  return `${await snapshotDatabase(ctx.app.database.db)}\n\nuploads: ${images.join(', ')}`;
}

function actorOf(role: Role, f: Fixture): TestUser | undefined {
  return role === 'anonymous' ? undefined : f[role];
}

it('has a row for every route of the OpenAPI document, and none for a route that is gone', async () => {
  const documented = (await documentedRoutes(ctx.app)).map((route) => route.key);
  const auth = authEndpoints(ctx.app).map((route) => route.key);
  const rows = Object.keys(EXPECTED).filter((key) => !auth.includes(key));
  expect(rows.sort()).toEqual(documented.sort());
});

describe.each(Object.keys(EXPECTED) as RouteKey[])('%s', (key) => {
  let accounts: Accounts;

  beforeAll(async () => {
    const [buyer, otherBuyer, admin] = await Promise.all([
      createUser(ctx, { name: 'Bea Buyer' }),
      createUser(ctx, { name: 'Otto Other' }),
      createUser(ctx, { admin: true, name: 'Ada Admin' }),
    ]);
    accounts = { buyer, otherBuyer, admin };
  });

  // In the order of ROLES: the administrator's cell comes last, so that what it may do to the buyer (make
  // them an administrator) cannot change the buyer's own cell.
  it.each(ROLES)('as %s', async (role) => {
    const expected = EXPECTED[key][role];
    const [method, routePath] = key.split(' ') as [HttpMethod, string];
    const f = await createFixture(accounts);
    const request = await VALID_REQUESTS[key](f);
    const before = await dataState();

    const response = await inject(
      method,
      fillPath(routePath, request.params ?? {}),
      actorOf(role, f),
      request,
    );

    if (typeof expected === 'number') {
      expect(response.statusCode, response.body).toBe(expected);
      if (expected < 400) return;
      expect(response.json()).toMatchObject({
        statusCode: expected,
        error: expect.any(String),
        message: expect.any(String),
      });
    } else {
      expect(response.statusCode, response.body).toBe(expected.status);
      expect(response.json()).toEqual(expected.nothingDone);
    }
    expect(await dataState()).toBe(before);
  });
});

describe('a malformed request from someone without the right', () => {
  const MALFORMED = 'not-a-valid-value';
  const refused = (role: 'anonymous' | 'buyer', status: 401 | 403) =>
    (Object.keys(EXPECTED) as RouteKey[]).filter(
      (key) => !key.includes(' /api/auth/') && EXPECTED[key][role] === status,
    );

  /** Every path parameter, the query and the body malformed: a clear 400 for whoever may use the route. */
  async function malformed(key: RouteKey, who: TestUser | undefined) {
    const [method, routePath] = key.split(' ') as [HttpMethod, string];
    const params = new Proxy({}, { get: () => MALFORMED }) as Record<string, string>;
    return ctx.app.inject({
      method,
      url: `${fillPath(routePath, params)}?email=${MALFORMED}&page=-1&sort=${MALFORMED}`,
      headers: { ...headersOf(who), 'content-type': 'application/json' },
      payload: method === 'GET' || method === 'DELETE' ? undefined : '{"quantity":"many","price":[]}',
    });
  }

  // Refused before what they sent is read or checked: a visitor learns nothing of a route's input, and the
  // server does not parse a body for someone who may not send it.
  it.each(refused('anonymous', 401))('%s answers a visitor 401, not 400', async (key) => {
    const before = await dataState();
    const response = await malformed(key, undefined);
    expect(response.statusCode, response.body).toBe(401);
    expect(response.json()).toMatchObject({ statusCode: 401, message: 'Please sign in first.' });
    expect(await dataState()).toBe(before);
  });

  it.each(refused('buyer', 403))('%s answers a buyer 403, not 400', async (key) => {
    const buyer = await createUser(ctx, { name: 'Bea Buyer' });
    const response = await malformed(key, buyer);
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json()).toMatchObject({ statusCode: 403, message: 'Only administrators can do this.' });
  });
});
