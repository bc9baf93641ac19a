import { afterAll, beforeAll, expect, it } from 'vitest';
import { reviewNeedsOrder } from '#shared/messages.ts';
import type { Review } from '#shared/schemas/reviews.ts';
import { createUser, type TestUser } from '#server/testing/accounts.ts';
import { anonymous, requestsAs } from '#server/testing/requests.ts';
import { createTestApp, type TestContext } from '#server/testing/test-app.ts';

let ctx: TestContext;
let buyer: TestUser;
let browser: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  [buyer, browser] = await Promise.all([
    createUser(ctx, { name: 'Rita Reviewer' }),
    createUser(ctx, { name: 'Nora Noorder' }),
  ]);
  const [tool] = await ctx.app.tools.add([
    {
      name: 'Bolt',
      priceCents: 38,
      availableQuantity: 1000,
      minOrderQuantity: 10,
      details: 'x',
      image: '/images/tools/hex-bolt-m10.svg',
    },
  ]);
  await ctx.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: buyer.headers,
    payload: { toolId: tool!.id, quantity: 10, address: '1 Main St', number: '5' },
  });
});
afterAll(() => ctx.close());

const as = requestsAs(() => ctx);
const list = async () => (await ctx.app.inject({ url: '/api/reviews' })).json<Review[]>();

it('refuses anonymous reviews', async () => {
  expect((await as(anonymous).post('/api/review', { customRating: 5, review: 'Great' })).statusCode).toBe(
    401,
  );
});

it('refuses someone who has ordered nothing, with the spec message', async () => {
  const response = await as(browser).post('/api/review', { customRating: 5, review: 'Great stuff' });
  expect(response.statusCode).toBe(403);
  expect(response.json()).toMatchObject({ message: reviewNeedsOrder('Nora Noorder') });
  expect(response.json<{ message: string }>().message).toBe(
    'Dear Nora Noorder .Please,at least order one product for giving review',
  );
  expect(await list()).toEqual([]);
});

it.each([
  [{ customRating: 0, review: 'Fine tools' }],
  [{ customRating: 6, review: 'Fine tools' }],
  [{ customRating: 3.3, review: 'Fine tools' }],
  [{ customRating: 4, review: 'ok' }],
  [{ customRating: 4 }],
])('refuses %o', async (payload) => {
  expect((await as(buyer).post('/api/review', payload)).statusCode).toBe(400);
});

it('takes the author from the session, whatever the body says, and lists newest first', async () => {
  const first = await as(buyer).post('/api/review', {
    customRating: 4,
    review: 'Solid bolts, fast delivery.',
    user: { displayName: 'Admin' },
  });
  expect(first.statusCode).toBe(200);
  await as(buyer).post('/api/review', { customRating: 4.5, review: '<script>alert(1)</script> second one' });
  const reviews = await list();
  expect(reviews).toHaveLength(2);
  expect(reviews[0]).toMatchObject({ customRating: 4.5, review: '<script>alert(1)</script> second one' });
  expect(reviews[1]).toMatchObject({
    _id: first.json<{ insertedId: string }>().insertedId,
    customRating: 4,
    review: 'Solid bolts, fast delivery.',
    user: { displayName: 'Rita Reviewer', photoURL: null },
  });
  expect(Date.parse(reviews[1]!.createdAt)).toBeGreaterThan(Date.now() - 60_000);
});

it("answers the spec's paths with a trailing slash as without one", async () => {
  const listed = await as(anonymous).get('/api/reviews/');
  expect(listed.statusCode).toBe(200);
  expect(listed.json()).toEqual(await list());
  const posted = await as(buyer).post('/api/review/', {
    customRating: 4.5,
    review: 'Slash or not, it works',
  });
  expect(posted.statusCode).toBe(200);
  expect((await list()).some((review) => review.review === 'Slash or not, it works')).toBe(true);
});
