import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { orders, sessions } from '#server/db/schema.ts';
import { createUser, signInCookie, type TestUser } from '#server/testing/accounts.ts';
import { requestsAs } from '#server/testing/requests.ts';
import { createTestApp, type TestContext } from '#server/testing/test-app.ts';
import { addTestTool } from '#server/testing/tools.ts';
import { SESSION_COPY_SECONDS } from './better-auth.ts';
import { SESSIONS_ENDED_CHANNEL } from './ended-sessions.ts';

let ctx: TestContext;
let toolId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  toolId = (await addTestTool(ctx.app, { availableQuantity: 100_000 })).id;
});
afterAll(() => ctx.close());

const as = requestsAs(() => ctx);
const order = (who: TestUser) =>
  as(who).post('/api/order', { toolId, quantity: 10, address: '1 Main St', number: '555-0100' });
const ordersOf = async (who: TestUser) =>
  (await ctx.app.database.db.select().from(orders).where(eq(orders.userId, who.id))).length;

/** The same account with the cookies of another sign-in: another browser, or whoever copied its cookies. */
const withCookie = (user: TestUser, cookie: string): TestUser => ({
  ...user,
  headers: { ...user.headers, cookie },
});

describe("in a process's first minute, when it may have missed ends", () => {
  /** Deletes the user's newest session unannounced, as if it ended before this process was listening. */
  async function endUnheard(user: TestUser): Promise<void> {
    await ctx.app.database.db.transaction(async (tx) => {
      const [newest] = await tx
        .select({ id: sessions.id })
        .from(sessions)
        .where(eq(sessions.userId, user.id))
        .orderBy(desc(sessions.createdAt))
        .limit(1);
      await tx.execute(sql`ALTER TABLE sessions DISABLE TRIGGER sessions_ended`);
      await tx.delete(sessions).where(eq(sessions.id, newest!.id));
      await tx.execute(sql`ALTER TABLE sessions ENABLE TRIGGER sessions_ended`);
    });
  }

  it('gives no rights to a copy of a session that the database no longer has', async () => {
    const buyer = await createUser(ctx);
    const copy = withCookie(buyer, await signInCookie(ctx, buyer));
    await endUnheard(buyer);

    const refused = await order(copy);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ message: 'Please sign in first.' });
    expect((await as(copy).get('/api/auth/get-session')).json()).toBeNull();
    // The account's other session goes on, however many sessions are checked at once.
    const together = await Promise.all([order(buyer), order(copy), order(buyer)]);
    expect(together.map((response) => response.statusCode)).toEqual([200, 401, 200]);
    expect(await ordersOf(buyer)).toBe(2);
  });
});

describe('a session that ends, with the signed copy of it that its browser keeps for a minute', () => {
  beforeAll(() => {
    // The process has heard every end for longer than a copy counts: it trusts the copies from here on.
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(Date.now() + (SESSION_COPY_SECONDS + 10) * 1000);
  });
  afterAll(() => vi.useRealTimers());

  it('counts for nothing at once once signed out: a copy of its cookies orders nothing and is signed out', async () => {
    const buyer = await createUser(ctx);
    const copy = withCookie(buyer, await signInCookie(ctx, buyer));
    expect((await order(copy)).statusCode).toBe(200);

    const signOut = await as(copy).post('/api/auth/sign-out', {});
    expect(signOut.statusCode).toBe(200);
    const refused = await order(copy);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ message: 'Please sign in first.' });
    expect(await ordersOf(buyer)).toBe(1);
    expect((await as(copy).get('/api/auth/get-session')).json()).toBeNull();
    // The account's other session goes on.
    expect((await order(buyer)).statusCode).toBe(200);
  });

  it("ends the other browsers' sessions at once when the password is changed", async () => {
    const buyer = await createUser(ctx);
    const elsewhere = withCookie(buyer, await signInCookie(ctx, buyer));
    expect((await order(elsewhere)).statusCode).toBe(200);

    const changed = await as(buyer).post('/api/auth/change-password', {
      currentPassword: buyer.password,
      newPassword: 'Changed123',
    });
    expect(changed.statusCode).toBe(200);
    expect((await order(elsewhere)).statusCode).toBe(401);
    expect((await as(elsewhere).get('/api/auth/get-session')).json()).toBeNull();
  });
});

describe('the database', () => {
  /** What the sessions_ended channel carries while `work` runs: each notification's ids. */
  async function announced(work: () => Promise<unknown>): Promise<string[][]> {
    const heard: string[][] = [];
    await ctx.app.database.listen(
      SESSIONS_ENDED_CHANNEL,
      (payload) => heard.push(payload.split(' ')),
      () => undefined,
    );
    await work();
    // Another session ended after the work: once it is heard, everything the work announced was.
    const marker = await createUser(ctx);
    const [last] = await ctx.app.database.db.select().from(sessions).where(eq(sessions.userId, marker.id));
    await ctx.app.database.db.delete(sessions).where(eq(sessions.userId, marker.id));
    await expect.poll(() => heard.at(-1)).toEqual([last!.id]);
    return heard.slice(0, -1);
  }

  it('announces the live sessions a statement deletes, 200 ids a notification, and no expired one', async () => {
    const user = await createUser(ctx);
    const now = Date.now();
    const rows = Array.from({ length: 450 }, (_, i) => ({
      id: `bulk-${i}`,
      token: `bulk-token-${i}`,
      userId: user.id,
      expiresAt: new Date(now + 3_600_000),
    }));
    const expired = {
      id: 'expired',
      token: 'expired-token',
      userId: user.id,
      expiresAt: new Date(now - 1000),
    };
    await ctx.app.database.db.insert(sessions).values([...rows, expired]);
    const live = (await ctx.app.database.db.select().from(sessions).where(eq(sessions.userId, user.id)))
      .map(({ id }) => id)
      .filter((id) => id !== expired.id);
    expect(live).toHaveLength(451);

    const heard = await announced(() =>
      ctx.app.database.db.delete(sessions).where(eq(sessions.userId, user.id)),
    );
    // In whichever order the chunks come: PostgreSQL's grouping keeps none.
    expect(heard.map((ids) => ids.length).sort((a, b) => b - a)).toEqual([200, 200, 51]);
    expect(heard.flat().sort()).toEqual(live.sort());
  });
});
