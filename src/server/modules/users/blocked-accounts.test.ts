import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_BLOCKED_MESSAGE, type User } from '#shared/schemas/users.ts';
import { orders, sessions, users } from '#server/db/schema.ts';
import { createUser, signInCookie, type TestUser } from '#server/testing/accounts.ts';
import { snapshotDatabase } from '#server/testing/db-snapshot.ts';
import { addTestTool } from '#server/testing/tools.ts';
import { anonymous, requestsAs } from '#server/testing/requests.ts';
import { createTestApp, type TestContext } from '#server/testing/test-app.ts';
import { ADMIN_NOT_BLOCKED, UNBLOCK_BEFORE_PROMOTING } from './users.service.ts';

let ctx: TestContext;
let admin: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createUser(ctx, { admin: true });
});
afterAll(() => ctx.close());

const as = requestsAs(() => ctx);
const block = (email: string, blocked = true, by: TestUser = admin) =>
  as(by).put(`/api/user/blocked/${encodeURIComponent(email)}`, { blocked });

const signIn = (user: TestUser) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: ctx.config.baseUrl },
    payload: { email: user.email, password: user.password },
  });

/** The session token alone, without the minute-long copy of the session that the browser also holds. */
const tokenOnly = (user: TestUser): TestUser => ({
  ...user,
  headers: {
    ...user.headers,
    cookie: user.headers.cookie
      .split('; ')
      .filter((cookie) => !cookie.includes('session_data'))
      .join('; '),
  },
});

async function sessionsOf(user: TestUser) {
  return ctx.app.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
}

async function listed(user: TestUser): Promise<User | undefined> {
  return (await as(admin).get('/api/user')).json<User[]>().find((each) => each.email === user.email);
}

describe('PUT /api/user/blocked/{email}', () => {
  it('blocks an account: its sessions end, it cannot sign in, and the lists say so', async () => {
    const buyer = await createUser(ctx);
    expect(await sessionsOf(buyer)).toHaveLength(1);
    expect(await listed(buyer)).toMatchObject({ blocked: false });

    const response = await block(buyer.email);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ modifiedCount: 1 });

    expect(await sessionsOf(buyer)).toEqual([]);
    expect((await as(tokenOnly(buyer)).get(`/api/user/${buyer.email}`)).statusCode).toBe(401);
    const refused = await signIn(buyer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: ACCOUNT_BLOCKED_MESSAGE });
    expect(await sessionsOf(buyer)).toEqual([]);
    expect(await listed(buyer)).toMatchObject({ blocked: true });
    const page = (await as(admin).get(`/api/admin/users?q=${encodeURIComponent(buyer.email)}`)).json<{
      users: User[];
    }>();
    expect(page.users).toEqual([expect.objectContaining({ email: buyer.email, blocked: true })]);
  });

  it("refuses the browser's minute-long copy of a blocked account's session at once: no order, no profile, signed out", async () => {
    const buyer = await createUser(ctx);
    const tool = await addTestTool(ctx.app);
    const line = { toolId: tool.id, quantity: 10, address: '1 Main St', number: '555-0100' };
    const session = () => as(buyer).get('/api/auth/get-session');
    expect((await session()).json()).toMatchObject({ user: { email: buyer.email } });
    expect((await as(buyer).post('/api/order', line)).statusCode).toBe(200);

    await block(buyer.email);
    const refused = await as(buyer).post('/api/order', line);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ message: 'Please sign in first.' });
    expect(await ctx.app.database.db.select().from(orders).where(eq(orders.userId, buyer.id))).toHaveLength(
      1,
    );
    expect((await as(buyer).get(`/api/user/${buyer.email}`)).statusCode).toBe(401);
    expect((await as(buyer).get('/api/singleOrder?email=' + buyer.email)).statusCode).toBe(401);
    const signedOut = await session();
    expect(signedOut.statusCode).toBe(200);
    expect(signedOut.json()).toBeNull();
  });

  it('gives no rights to a session a sign-in started as the account was being blocked', async () => {
    const buyer = await createUser(ctx);
    const [started] = await sessionsOf(buyer);
    await block(buyer.email);
    // The sign-in read the account just before the block committed, and wrote its session just after.
    await ctx.app.database.db.insert(sessions).values(started!);
    expect(await sessionsOf(buyer)).toHaveLength(1);

    expect((await as(tokenOnly(buyer)).get(`/api/user/${buyer.email}`)).statusCode).toBe(401);
    expect((await as(tokenOnly(buyer)).get('/api/auth/get-session')).json()).toBeNull();
  });

  it('answers 0 for an account blocked already, and unblocking lets it sign in again', async () => {
    const buyer = await createUser(ctx);
    await block(buyer.email);
    expect((await block(buyer.email)).json()).toEqual({ modifiedCount: 0 });

    const unblocked = await block(buyer.email, false);
    expect(unblocked.statusCode).toBe(200);
    expect(unblocked.json()).toEqual({ modifiedCount: 1 });
    expect((await block(buyer.email, false)).json()).toEqual({ modifiedCount: 0 });
    expect((await signIn(buyer)).statusCode).toBe(200);
    expect(await listed(buyer)).toMatchObject({ blocked: false });
    const cookie = await signInCookie(ctx, buyer);
    const own = await as({ ...buyer, headers: { ...buyer.headers, cookie } }).get(`/api/user/${buyer.email}`);
    expect(own.statusCode).toBe(200);
  });

  it('keeps what the account made: a blocked buyer still has their profile and orders in the database', async () => {
    const buyer = await createUser(ctx, { name: 'Kept Buyer' });
    await block(buyer.email);
    const [row] = await ctx.app.database.db.select().from(users).where(eq(users.id, buyer.id));
    expect(row).toMatchObject({ name: 'Kept Buyer', email: buyer.email });
    expect(row!.blockedAt).toBeInstanceOf(Date);
  });

  it('finds the account whatever the case of the address', async () => {
    const buyer = await createUser(ctx, { email: 'mixed.case@example.com' });
    expect((await block('Mixed.Case@Example.com')).json()).toEqual({ modifiedCount: 1 });
    expect((await signIn(buyer)).statusCode).toBe(403);
  });

  it("refuses to block an administrator's account (409), changing nothing", async () => {
    const other = await createUser(ctx, { admin: true });
    const response = await block(other.email);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: ADMIN_NOT_BLOCKED });
    expect((await signIn(other)).statusCode).toBe(200);
    expect((await block(admin.email)).statusCode).toBe(409);
  });

  it('refuses to make a blocked account an administrator (409) until it is unblocked', async () => {
    const buyer = await createUser(ctx);
    await block(buyer.email);
    const refused = await as(admin).put(`/api/user/admin/${buyer.email}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: UNBLOCK_BEFORE_PROMOTING });
    expect(await listed(buyer)).toMatchObject({ role: 'user', blocked: true });
    await block(buyer.email, false);
    expect((await as(admin).put(`/api/user/admin/${buyer.email}`)).json()).toEqual({ modifiedCount: 1 });
  });

  it('answers 401 without a session and 403 for a buyer, who cannot block anyone', async () => {
    const buyer = await createUser(ctx);
    const target = await createUser(ctx);
    expect((await as(anonymous).put(`/api/user/blocked/${target.email}`, { blocked: true })).statusCode).toBe(
      401,
    );
    expect((await block(target.email, true, buyer)).statusCode).toBe(403);
    expect((await signIn(target)).statusCode).toBe(200);
  });

  it('answers 404 for an address no account has', async () => {
    const response = await block('nobody@example.com');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: 'No such user' });
  });

  it.each([
    ['no body', undefined],
    ['no "blocked"', {}],
    ['"blocked" as text', { blocked: 'yes' }],
    ['another field', { blocked: true, role: 'admin' }],
  ])('refuses a request with %s (400), changing nothing', async (_what, body) => {
    const buyer = await createUser(ctx);
    const before = await snapshotDatabase(ctx.app.database.db);
    const response = await as(admin).put(`/api/user/blocked/${buyer.email}`, body);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, message: expect.any(String) });
    expect(await snapshotDatabase(ctx.app.database.db)).toBe(before);
  });
});
