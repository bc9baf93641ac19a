import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits, sessions, verifications } from '#server/db/schema.ts';
import { createUser } from '#server/testing/accounts.ts';
import { createTestApp, type TestContext } from '#server/testing/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const HOUR_MS = 60 * 60 * 1000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs);

describe('the sweep of expired sign-in rows', () => {
  it('deletes the sessions and links past their end and the counters a day old, and keeps the rest', async () => {
    const db = ctx.app.database.db;
    const user = await createUser(ctx);
    const [live] = await db.select().from(sessions).where(eq(sessions.userId, user.id));
    await db
      .insert(sessions)
      .values({ id: 'ended', token: 'ended-token', userId: user.id, expiresAt: at(-1000) });
    await db.insert(verifications).values([
      { id: 'link-ended', identifier: 'reset-password:ended', value: user.id, expiresAt: at(-1000) },
      { id: 'link-open', identifier: 'reset-password:open', value: user.id, expiresAt: at(HOUR_MS) },
    ]);
    await db.insert(rateLimits).values([
      {
        id: 'counter-old',
        key: '192.0.2.1|/sign-in/email',
        count: 3,
        lastRequest: Date.now() - 25 * HOUR_MS,
      },
      { id: 'counter-new', key: '192.0.2.2|/sign-in/email', count: 3, lastRequest: Date.now() - HOUR_MS },
    ]);

    await ctx.app.auth.expiredRowsSweep().run();

    const ids = async (table: typeof sessions | typeof verifications | typeof rateLimits) =>
      (await db.select({ id: table.id }).from(table)).map(({ id }) => id);
    expect(await ids(sessions)).toEqual([live!.id]);
    expect(await ids(verifications)).toContain('link-open');
    expect(await ids(verifications)).not.toContain('link-ended');
    expect(await ids(rateLimits)).toContain('counter-new');
    expect(await ids(rateLimits)).not.toContain('counter-old');
    const session = await ctx.app.inject({ url: '/api/auth/get-session', headers: user.headers });
    expect(session.json()).toMatchObject({ user: { email: user.email } });
  });

  it('deletes any number of them, a batch at a time', async () => {
    const db = ctx.app.database.db;
    await db.execute(sql`
      INSERT INTO verifications (id, identifier, value, expires_at)
      SELECT 'bulk-' || i, 'email-verification:bulk-' || i, 'x', now() - interval '1 day'
      FROM generate_series(1, 2500) AS i`);
    await ctx.app.auth.expiredRowsSweep().run();
    const left = await db
      .select({ id: verifications.id })
      .from(verifications)
      .where(like(verifications.id, 'bulk-%'));
    expect(left).toEqual([]);
  });
});
