import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '#server/testing/accounts.ts';
import { snapshotDatabase } from '#server/testing/db-snapshot.ts';
import { createTestApp, type TestContext } from '#server/testing/test-app.ts';
import { addTestTool } from '#server/testing/tools.ts';
import { jsonBodyProblem } from './input-guard.ts';

let ctx: TestContext;
let buyer: TestUser;
let admin: TestUser;
let toolId: string;

beforeAll(async () => {
  ctx = await createTestApp({ CONTACT_RATE_LIMIT: '1000' });
  [buyer, admin] = await Promise.all([
    createUser(ctx, { name: 'Bea Buyer' }),
    createUser(ctx, { admin: true, name: 'Ada Admin' }),
  ]);
  const tool = await addTestTool(ctx.app);
  toolId = tool.id;
  // The buyer has ordered, so that a review is refused for its text only.
  const order = await ctx.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: buyer.headers,
    payload: { toolId, quantity: 10, address: '1 Main St', number: '555' },
  });
  expect(order.statusCode).toBe(200);
});
afterAll(() => ctx.close());

type Who = 'anonymous' | 'buyer' | 'admin';
interface TextRoute {
  method: 'POST' | 'PUT' | 'PATCH';
  url: () => string;
  who: Who;
  /** A valid body with `text` in every field that takes text. */
  body: (text: string) => object;
}

/** A tool as the administrator's form sends it, with `text` in every text field. */
const toolWith = (text: string) => ({
  name: text,
  price: 1,
  availableQuantity: 1,
  minOrderQuantity: 1,
  details: text,
  image: text,
});

/** Every route that takes text from a client. */
const routes: Record<string, TextRoute> = {
  contact: {
    method: 'POST',
    url: () => '/api/contact',
    who: 'anonymous',
    body: (text) => ({ name: text, email: text, message: text }),
  },
  'sign-up': {
    method: 'POST',
    url: () => '/api/auth/sign-up/email',
    who: 'anonymous',
    body: (text) => ({ name: text, email: text, password: text }),
  },
  'sign-in': {
    method: 'POST',
    url: () => '/api/auth/sign-in/email',
    who: 'anonymous',
    body: (text) => ({ email: text, password: text }),
  },
  'reset request': {
    method: 'POST',
    url: () => '/api/auth/request-password-reset',
    who: 'anonymous',
    body: (text) => ({ email: text, redirectTo: '/reset-password' }),
  },
  reset: {
    method: 'POST',
    url: () => '/api/auth/reset-password',
    who: 'anonymous',
    body: (text) => ({ newPassword: text, token: text }),
  },
  'change password': {
    method: 'POST',
    url: () => '/api/auth/change-password',
    who: 'buyer',
    body: (text) => ({ currentPassword: text, newPassword: text }),
  },
  'update user': {
    method: 'POST',
    url: () => '/api/auth/update-user',
    who: 'buyer',
    body: (text) => ({ name: text, image: text }),
  },
  review: {
    method: 'POST',
    url: () => '/api/review',
    who: 'buyer',
    body: (text) => ({ customRating: 5, review: text }),
  },
  order: {
    method: 'POST',
    url: () => '/api/order',
    who: 'buyer',
    body: (text) => ({ toolId, quantity: 10, address: text, number: text }),
  },
  profile: {
    method: 'PUT',
    url: () => `/api/user/${buyer.email}`,
    who: 'buyer',
    body: (text) => ({ name: text, number: text, address: text, institute: text, img: text }),
  },
  'add tool': {
    method: 'POST',
    url: () => '/api/parts',
    who: 'admin',
    body: toolWith,
  },
  'update tool': {
    method: 'PATCH',
    url: () => `/api/parts/${toolId}`,
    who: 'admin',
    body: (text) => ({ ...toolWith(text), version: 1, loadedAvailableQuantity: 1 }),
  },
};

function headersOf(who: Who) {
  if (who === 'buyer') return buyer.headers;
  if (who === 'admin') return admin.headers;
  return { origin: ctx.config.baseUrl };
}

async function send(route: TextRoute, payload: string) {
  const started = performance.now();
  const response = await ctx.app.inject({
    method: route.method,
    url: route.url(),
    headers: { ...headersOf(route.who), 'content-type': 'application/json' },
    payload,
  });
  return { response, ms: performance.now() - started };
}

/** The e-mail that made the spec's pattern backtrack quadratically: "a@" and dots up to another "@". */
const backtracker = (length: number) => `a@${'.'.repeat(length)}@`;
const MEGABYTE = 1024 * 1024;

describe.each(Object.entries(routes))('%s', (_name, route) => {
  it('answers 1 MB of hostile values at once with 413, changing nothing', async () => {
    const before = await snapshotDatabase(ctx.app.database.db);
    const fields = Object.keys(route.body('')).length;
    const payload = JSON.stringify(route.body(backtracker(Math.floor(MEGABYTE / fields) - 200)));
    expect(payload.length).toBeLessThan(MEGABYTE);
    const { response, ms } = await send(route, payload);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ statusCode: 413, message: expect.any(String) });
    expect(ms).toBeLessThan(1000);
    expect(await snapshotDatabase(ctx.app.database.db)).toBe(before);
  });

  it('answers the longest hostile value under the body limit at once with 400, changing nothing', async () => {
    const before = await snapshotDatabase(ctx.app.database.db);
    const fields = Object.keys(route.body('')).length;
    const length = Math.floor(15_000 / fields);
    const { response, ms } = await send(route, JSON.stringify(route.body(backtracker(length))));
    expect(response.statusCode).toBe(400);
    expect(ms).toBeLessThan(1000);
    expect(await snapshotDatabase(ctx.app.database.db)).toBe(before);
  });

  it('refuses a NUL character in its text with 400, changing nothing', async () => {
    const before = await snapshotDatabase(ctx.app.database.db);
    const { response } = await send(route, JSON.stringify(route.body('Hex\u0000bolt 12345a')));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Text must not contain NUL characters.' });
    expect(await snapshotDatabase(ctx.app.database.db)).toBe(before);
  });

  it('refuses JSON nested deeper than any form, changing nothing', async () => {
    const before = await snapshotDatabase(ctx.app.database.db);
    const depth = 2000;
    const { response } = await send(route, `${'['.repeat(depth)}${']'.repeat(depth)}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'The JSON body is nested too deeply.' });
    expect(await snapshotDatabase(ctx.app.database.db)).toBe(before);
  });
});

describe('the server while hostile requests arrive', () => {
  it('answers a health check promptly', async () => {
    const hostile = Object.values(routes).map((route) =>
      send(route, JSON.stringify(route.body(backtracker(15_000)))),
    );
    const started = performance.now();
    const health = await ctx.app.inject({ url: '/api/health' });
    const healthMs = performance.now() - started;
    await Promise.all(hostile);
    expect(health.statusCode).toBe(200);
    expect(healthMs).toBeLessThan(1000);
  });
});

describe('addresses', () => {
  it.each([
    `/api/user/a%00b@example.com`,
    `/api/singleOrder?email=a%00@example.com`,
    `/api/parts/%00`,
    `/api/admin/x%00y`,
  ])('refuses a NUL character in %s with 400', async (url) => {
    const response = await ctx.app.inject({ url, headers: admin.headers });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'The address must not contain NUL characters.' });
  });

  it.each([
    `/api/catalogue?q=drill%ZZ`,
    `/api/catalogue?q=%E2%82`,
    `/api/catalogue?q=%ED%A0%80`,
    `/api/parts?limit=6&x=%FF`,
    `/api/singleOrder?email=a%C0%AF@example.com`,
  ])('refuses the query of %s, which is not percent-encoded UTF-8, with 400', async (url) => {
    const response = await ctx.app.inject({ url, headers: admin.headers });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'The address must be percent-encoded UTF-8.' });
  });

  it('takes any character percent-encoded, and leaves other addresses than the API to what serves them', async () => {
    const euro = await ctx.app.inject({ url: `/api/catalogue?q=%E2%82%AC%20drill%F0%9F%94%A9+50%25` });
    expect(euro.statusCode).toBe(200);
    expect(euro.json()).toMatchObject({ total: 0, page: 1 });
    const robots = await ctx.app.inject({ url: `/robots.txt?from=50%` });
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toContain('Sitemap:');
  });
});

describe('jsonBodyProblem', () => {
  it('walks 200,000 levels without overflowing the stack', () => {
    let deep: unknown = 'leaf';
    for (let level = 0; level < 200_000; level += 1) deep = { a: deep };
    expect(jsonBodyProblem(deep)).toBe('The JSON body is nested too deeply.');
  });

  it('finds a lone surrogate, and passes characters outside the basic plane', () => {
    expect(jsonBodyProblem({ callbackURL: '/verified\uD800' })).toBe('Text must be valid Unicode.');
    expect(jsonBodyProblem({ ['\uDC00']: 'x' })).toBe('Text must be valid Unicode.');
    expect(jsonBodyProblem({ review: 'Great drill 🔩👍' })).toBeUndefined();
  });

  it('finds NUL in keys as in values, and passes ordinary bodies', () => {
    expect(jsonBodyProblem({ ['na\u0000me']: 'x' })).toBe('Text must not contain NUL characters.');
    expect(jsonBodyProblem({ items: [{ name: 'M10 bolt', qty: 10, ok: true, note: null }] })).toBeUndefined();
  });
});
