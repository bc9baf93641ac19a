import { desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewNeedsOrder } from '#shared/messages.ts';
import type { AdminReviews, Review } from '#shared/schemas/reviews.ts';
import { reviews } from '#server/db/schema.ts';
import { createUser, type TestUser } from '#server/testing/accounts.ts';
import { anonymous, requestsAs } from '#server/testing/requests.ts';
import { createTestApp, type TestContext } from '#server/testing/test-app.ts';
import { REVIEWS_CHUNK } from './reviews.repo.ts';

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

describe('a page at a time', () => {
  const page = async (query: string) => {
    const response = await ctx.app.inject({ url: `/api/reviews?${query}` });
    expect(response.statusCode).toBe(200);
    return response.json<Review[]>().map((review) => review.review);
  };

  it('answers the newest `limit`, then the next after the last one given, until none is left', async () => {
    // Twelve more, the last six posted in one instant: ties are broken by id, and no page repeats or skips one.
    const instant = new Date();
    await ctx.app.database.db.insert(reviews).values(
      Array.from({ length: 12 }, (_, i) => ({
        userId: buyer.id,
        rating: 5,
        review: `Paged review ${i}`,
        createdAt: i < 6 ? new Date(instant.getTime() - 60_000 + i) : instant,
      })),
    );
    const every = (await list()).map((review) => review.review);
    expect(every.length).toBeGreaterThan(12);

    const pages: string[][] = [];
    let before = '';
    for (;;) {
      const response = await ctx.app.inject({ url: `/api/reviews?limit=5${before && `&before=${before}`}` });
      const shown = response.json<Review[]>();
      pages.push(shown.map((review) => review.review));
      if (shown.length < 5) break;
      before = shown.at(-1)!._id;
    }
    expect(pages.flat()).toEqual(every);
    expect(pages.slice(0, -1).every((each) => each.length === 5)).toBe(true);
    expect(await page('limit=3')).toEqual(every.slice(0, 3));
    expect(await page('limit=100')).toEqual(every);
  });

  it('answers every review after `before` when no limit is given', async () => {
    const every = await list();
    expect(await page(`before=${every[2]!._id}`)).toEqual(every.slice(3).map((review) => review.review));
    expect(await page(`before=${every.at(-1)!._id}`)).toEqual([]);
  });

  it('answers every review, however many, read and sent a chunk at a time', async () => {
    const instant = new Date();
    await ctx.app.database.db.insert(reviews).values(
      Array.from({ length: REVIEWS_CHUNK * 2 + 5 }, (_, i) => ({
        userId: buyer.id,
        rating: 4,
        review: `Chunked review ${i}`,
        createdAt: new Date(instant.getTime() - 3_600_000 + Math.floor(i / 3)),
      })),
    );
    const stored = await ctx.app.database.db
      .select({ id: reviews.id })
      .from(reviews)
      .orderBy(desc(reviews.createdAt), desc(reviews.id));
    const every = await list();
    expect(every.map((review) => review._id)).toEqual(stored.map((review) => review.id));
    expect(await page(`before=${every[7]!._id}`)).toEqual(every.slice(8).map((review) => review.review));

    const pieces: string[] = [];
    for await (const piece of await ctx.app.reviews.allJson()) pieces.push(piece);
    const reviewsIn = (piece: string) => piece.match(/"_id":/g)?.length ?? 0;
    expect(Math.max(...pieces.map(reviewsIn))).toBe(REVIEWS_CHUNK);
    expect(pieces.filter((piece) => reviewsIn(piece) > 0)).toHaveLength(
      Math.ceil(stored.length / REVIEWS_CHUNK),
    );
    expect(pieces.join('')).toBe(JSON.stringify(every));
    await ctx.app.database.db.delete(reviews).where(like(reviews.review, 'Chunked review %'));
  });

  it.each([
    'limit=0',
    'limit=101',
    'limit=2.5',
    'limit=-1',
    'limit=ten',
    'limit=1&limit=2',
    'before=a&before=b',
  ])('refuses ?%s with a 400 that says which parameter', async (query) => {
    const response = await ctx.app.inject({ url: `/api/reviews?${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/limit|before/);
  });

  it.each(['not-an-id', '00000000-0000-4000-8000-000000000000', "' OR 1=1 --"])(
    'answers 404 for a review that does not exist as before: %s',
    async (before) => {
      for (const limit of ['limit=5&', '']) {
        const response = await ctx.app.inject({
          url: `/api/reviews?${limit}before=${encodeURIComponent(before)}`,
        });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ message: 'Review not found' });
      }
    },
  );
});

describe('for the administrators', () => {
  let admin: TestUser;
  beforeAll(async () => {
    admin = await createUser(ctx, { admin: true, name: 'Ada Admin' });
  });

  it('lists every review a page at a time, newest first, whole and with its author’s e-mail', async () => {
    const long = `A long review that the carousel cuts after fifty characters. ${'More words. '.repeat(20)}`;
    await as(buyer).post('/api/review', { customRating: 2, review: long });
    const every = await list();
    const first = await as(admin).get('/api/admin/reviews?pageSize=2');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      reviews: every
        .slice(0, 2)
        .map((review) => ({ ...review, user: { ...review.user, _id: buyer.id, email: buyer.email } })),
      total: every.length,
      page: 1,
      pageSize: 2,
    });
    expect(first.json<AdminReviews>().reviews[0]!.review).toBe(long.trim());
    const third = await as(admin).get('/api/admin/reviews?pageSize=2&page=3');
    expect(third.json<AdminReviews>().reviews.map((review) => review._id)).toEqual(
      every.slice(4, 6).map((review) => review._id),
    );
    expect((await as(admin).get('/api/admin/reviews')).json<AdminReviews>().pageSize).toBe(20);
  });

  it("searches the review's words and its author's name and e-mail, every word in any order", async () => {
    const other = await createUser(ctx, { name: 'Otto Other' });
    await ctx.app.database.db
      .insert(reviews)
      .values({ userId: other.id, rating: 3, review: 'Hammer handle cracked after a week' });
    const found = async (q: string) => {
      const response = await as(admin).get(`/api/admin/reviews?q=${encodeURIComponent(q)}`);
      expect(response.statusCode).toBe(200);
      const { reviews: shown, total } = response.json<AdminReviews>();
      expect(total).toBe(shown.length);
      return shown.map((review) => review.review);
    };
    expect(await found('cracked hammer')).toEqual(['Hammer handle cracked after a week']);
    expect(await found('otto')).toEqual(['Hammer handle cracked after a week']);
    expect(await found(other.email)).toEqual(['Hammer handle cracked after a week']);
    expect(await found('hammer rita')).toEqual([]);
    // A word of four letters or more one letter off still finds it.
    expect(await found('hamer')).toEqual(['Hammer handle cracked after a week']);
    const byRita = await found('Rita Reviewer');
    expect(byRita.length).toBeGreaterThan(2);
    expect(byRita).not.toContain('Hammer handle cracked after a week');
    expect((await as(admin).get(`/api/admin/reviews?q=${'x'.repeat(101)}`)).statusCode).toBe(400);
  });

  it.each(['page=0', 'pageSize=101', 'page=x'])('refuses ?%s with a 400', async (query) => {
    expect((await as(admin).get(`/api/admin/reviews?${query}`)).statusCode).toBe(400);
  });

  it('deletes a review, which the shop then shows nowhere; deleting it again does nothing', async () => {
    const [gone, next] = await list();
    const deleted = await as(admin).delete(`/api/admin/reviews/${gone!._id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ deletedCount: 1 });
    expect((await list()).map((review) => review._id)).not.toContain(gone!._id);
    expect((await list())[0]!._id).toBe(next!._id);
    const stored = await ctx.app.database.db.select().from(reviews).where(eq(reviews.id, gone!._id));
    expect(stored).toEqual([]);

    const total = (await list()).length;
    for (const id of [gone!._id, 'not-an-id', '00000000-0000-4000-8000-000000000000'])
      expect((await as(admin).delete(`/api/admin/reviews/${id}`)).json()).toEqual({ deletedCount: 0 });
    expect(await list()).toHaveLength(total);
    // A page after the review deleted can no longer be found.
    expect((await ctx.app.inject({ url: `/api/reviews?limit=5&before=${gone!._id}` })).statusCode).toBe(404);
  });

  it("deletes every review of one account at once, and no one else's", async () => {
    const spammer = await createUser(ctx, { name: 'Sam Spammer' });
    await ctx.app.database.db.insert(reviews).values(
      ['Buy now!', 'Cheap bolts elsewhere', 'Spam'].map((review) => ({
        userId: spammer.id,
        rating: 5,
        review,
      })),
    );
    const before = await list();
    expect(before.filter((review) => review.user.displayName === 'Sam Spammer')).toHaveLength(3);
    const deleted = await as(admin).delete(`/api/admin/users/${spammer.id}/reviews`);
    expect(deleted.json()).toEqual({ deletedCount: 3 });
    expect(await list()).toEqual(before.filter((review) => review.user.displayName !== 'Sam Spammer'));
    expect((await as(admin).delete(`/api/admin/users/${spammer.id}/reviews`)).json()).toEqual({
      deletedCount: 0,
    });
    expect((await as(admin).delete('/api/admin/users/nobody/reviews')).json()).toEqual({ deletedCount: 0 });
    expect((await as(buyer).delete(`/api/admin/users/${buyer.id}/reviews`)).statusCode).toBe(403);
    expect(await list()).toHaveLength(before.length - 3);
  });

  it('lets no one else list or delete', async () => {
    const [kept] = await list();
    expect((await as(anonymous).get('/api/admin/reviews')).statusCode).toBe(401);
    expect((await as(buyer).get('/api/admin/reviews')).statusCode).toBe(403);
    expect((await as(buyer).delete(`/api/admin/reviews/${kept!._id}`)).statusCode).toBe(403);
    expect((await list())[0]!._id).toBe(kept!._id);
  });
});
