import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '#shared/schemas/users.ts';
import { sessions, users } from '#server/db/schema.ts';
import { cookiesOf, createUser, type TestUser } from '#server/testing/accounts.ts';
import { anonymous, requestsAs } from '#server/testing/requests.ts';
import { createTestApp, type TestContext } from '#server/testing/test-app.ts';

let ctx: TestContext;
let alice: TestUser;
let bob: TestUser;
let admin: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  alice = await createUser(ctx, { name: 'Alice Smith' });
  bob = await createUser(ctx, { name: 'Bob Jones' });
  admin = await createUser(ctx, { admin: true, name: 'Ada Admin' });
});
afterAll(() => ctx.close());

async function row(email: string) {
  const [found] = await ctx.app.database.db.select().from(users).where(eq(users.email, email));
  return found!;
}

const as = requestsAs(() => ctx);

describe('GET /api/user/{email}', () => {
  it('gives a user their own profile', async () => {
    const response = await as(alice).get(`/api/user/${alice.email}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      _id: alice.id,
      name: 'Alice Smith',
      email: alice.email,
      img: null,
      role: 'user',
      number: null,
      address: null,
      institute: null,
      emailVerified: true,
      blocked: false,
    });
  });

  it('answers 401 without a session, 403 for someone else, 200 for an admin', async () => {
    expect((await as(anonymous).get(`/api/user/${alice.email}`)).statusCode).toBe(401);
    const other = await as(bob).get(`/api/user/${alice.email}`);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ statusCode: 403, error: 'Forbidden' });
    expect((await as(admin).get(`/api/user/${alice.email}`)).statusCode).toBe(200);
  });

  it('knows the session by its cookie only, never by a bearer token', async () => {
    const [session] = await ctx.app.database.db.select().from(sessions).where(eq(sessions.userId, alice.id));
    const response = await ctx.app.inject({
      url: `/api/user/${alice.email}`,
      headers: { authorization: `Bearer ${session!.token}` },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('PUT /api/user/{email}', () => {
  it('updates the profile and keeps the fields left empty', async () => {
    const first = await as(alice).put(`/api/user/${alice.email}`, {
      name: 'Alice Cooper',
      number: '+1 555 0100',
      address: '12 Mill Road, Leeds',
      institute: 'Leeds College of Building',
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      modifiedCount: 1,
      user: { name: 'Alice Cooper', number: '+1 555 0100' },
    });

    const second = await as(alice).put(`/api/user/${alice.email}`, {
      name: '',
      number: '',
      address: 'New Road 1',
    });
    expect(second.json<{ user: User }>().user).toMatchObject({
      name: 'Alice Cooper',
      number: '+1 555 0100',
      address: 'New Road 1',
      institute: 'Leeds College of Building',
    });
    expect(await row(alice.email)).toMatchObject({ name: 'Alice Cooper', address: 'New Road 1' });
  });

  it('answers modifiedCount 0 when nothing changes', async () => {
    const response = await as(alice).put(`/api/user/${alice.email}`, { address: 'New Road 1' });
    expect(response.json()).toMatchObject({ modifiedCount: 0 });
  });

  it('refuses another e-mail in the body, and leaves the e-mail alone', async () => {
    const response = await as(alice).put(`/api/user/${alice.email}`, {
      email: 'new@example.com',
      name: 'X',
    });
    expect(response.statusCode).toBe(400);
    expect((await row(alice.email)).name).toBe('Alice Cooper');
  });

  it('refuses a name of several lines, and leaves the name alone', async () => {
    const response = await as(alice).put(`/api/user/${alice.email}`, {
      name: 'Alice\r\nIMPORTANT: call us',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'The name must fit on one line' });
    expect((await row(alice.email)).name).toBe('Alice Cooper');
  });

  it('takes an uploaded image of ours and refuses any other URL', async () => {
    const bad = await as(alice).put(`/api/user/${alice.email}`, { img: 'https://evil.example/x.png' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'The image must be an upload of ours' });
    const good = await as(alice).put(`/api/user/${alice.email}`, { img: '/uploads/abc_DEF-123.webp' });
    expect(good.json()).toMatchObject({ modifiedCount: 1, user: { img: '/uploads/abc_DEF-123.webp' } });
  });

  it('refuses anonymous and other users, with nothing changed', async () => {
    const before = await row(alice.email);
    expect((await as(anonymous).put(`/api/user/${alice.email}`, { name: 'Hacker' })).statusCode).toBe(401);
    expect((await as(bob).put(`/api/user/${alice.email}`, { name: 'Hacker' })).statusCode).toBe(403);
    expect(await row(alice.email)).toEqual(before);
  });

  it('lets an admin update anyone', async () => {
    const response = await as(admin).put(`/api/user/${bob.email}`, { institute: 'MIT' });
    expect(response.json()).toMatchObject({ modifiedCount: 1, user: { institute: 'MIT' } });
  });

  it('refuses a request sent from another site', async () => {
    const response = await ctx.app.inject({
      method: 'PUT',
      url: `/api/user/${alice.email}`,
      headers: { cookie: alice.headers.cookie, origin: 'https://evil.example' },
      payload: { name: 'Hacker' },
    });
    expect(response.statusCode).toBe(403);
    expect((await row(alice.email)).name).toBe('Alice Cooper');
  });
});

describe('GET /api/user (admin)', () => {
  it('lists every user for an admin', async () => {
    const response = await as(admin).get('/api/user');
    expect(response.statusCode).toBe(200);
    expect(response.json<User[]>().map((user) => user.email)).toEqual(
      expect.arrayContaining([alice.email, bob.email, admin.email]),
    );
  });

  it('answers 401 anonymous and 403 to a plain user', async () => {
    expect((await as(anonymous).get('/api/user')).statusCode).toBe(401);
    expect((await as(alice).get('/api/user')).statusCode).toBe(403);
  });
});

describe('PUT /api/user/admin/{email}', () => {
  it('refuses anonymous and plain users, with nothing changed', async () => {
    expect((await as(anonymous).put(`/api/user/admin/${bob.email}`)).statusCode).toBe(401);
    const refused = await as(alice).put(`/api/user/admin/${bob.email}`);
    expect(refused.statusCode).toBe(403);
    expect((await as(alice).put(`/api/user/admin/${alice.email}`)).statusCode).toBe(403);
    expect((await row(bob.email)).role).toBe('user');
    expect((await row(alice.email)).role).toBe('user');
  });

  it('lets an admin promote a user, once', async () => {
    const response = await as(admin).put(`/api/user/admin/${bob.email}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ modifiedCount: 1 });
    expect((await row(bob.email)).role).toBe('admin');
    expect((await as(admin).put(`/api/user/admin/${bob.email}`)).json()).toEqual({ modifiedCount: 0 });
  });

  it('answers 404 for an unknown e-mail', async () => {
    expect((await as(admin).put('/api/user/admin/nobody@example.com')).statusCode).toBe(404);
  });
});

describe('GET /api/admin/{email}', () => {
  it('says whether the user is an admin', async () => {
    expect((await as(alice).get(`/api/admin/${alice.email}`)).json()).toEqual({ admin: false });
    expect((await as(admin).get(`/api/admin/${admin.email}`)).json()).toEqual({ admin: true });
    expect((await as(admin).get(`/api/admin/${alice.email}`)).json()).toEqual({ admin: false });
  });

  it('answers 401 anonymous and 403 for someone else', async () => {
    expect((await as(anonymous).get(`/api/admin/${alice.email}`)).statusCode).toBe(401);
    expect((await as(alice).get(`/api/admin/${admin.email}`)).statusCode).toBe(403);
  });
});

describe('rights follow the database, not the session cookie', () => {
  it("gives a promoted user the administrators' screens at once, and takes them away at once", async () => {
    const carol = await createUser(ctx, { name: 'Carol Climber' });
    expect((await as(carol).get('/api/user')).statusCode).toBe(403);
    expect((await as(admin).put(`/api/user/admin/${carol.email}`)).json()).toEqual({ modifiedCount: 1 });
    expect((await as(carol).get('/api/user')).statusCode).toBe(200);
    expect((await as(carol).get(`/api/user/${alice.email}`)).statusCode).toBe(200);

    await ctx.app.database.db.update(users).set({ role: 'user' }).where(eq(users.id, carol.id));
    expect((await as(carol).get('/api/user')).statusCode).toBe(403);
    expect((await as(carol).get(`/api/user/${alice.email}`)).statusCode).toBe(403);
    expect((await as(carol).get(`/api/singleOrder?email=${alice.email}`)).statusCode).toBe(403);
  });

  it("takes an administrator's reach over other accounts away the moment their session ends", async () => {
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: ctx.config.baseUrl },
      payload: { email: admin.email, password: admin.password },
    });
    // Both cookies, the session and its signed cache, as a browser keeps them; copied before signing out.
    const copied = { ...admin, headers: { ...admin.headers, cookie: cookiesOf(signIn) } };
    const reach = [
      () => as(copied).get(`/api/user/${alice.email}`),
      () => as(copied).put(`/api/user/${alice.email}`, { name: 'Taken Over' }),
      () => as(copied).get(`/api/admin/${alice.email}`),
      () => as(copied).get(`/api/singleOrder?email=${alice.email}`),
    ];
    for (const request of reach) expect((await request()).statusCode).toBe(200);
    await as(copied).put(`/api/user/${alice.email}`, { name: 'Alice Smith' });

    expect((await as(copied).post('/api/auth/sign-out', {})).statusCode).toBe(200);
    for (const request of reach) expect((await request()).statusCode).toBe(401);
    expect((await row(alice.email)).name).toBe('Alice Smith');
  });
});
