import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User, UsersPage } from '#shared/schemas/users.ts';
import { createUser, type TestUser } from '#server/testing/accounts.ts';
import {
  BAD_PAGING_QUERIES,
  expectAdministratorsOnly,
  expectRefusedChangingNothing,
  pageReader,
} from '#server/testing/paged-lists.ts';
import { requestsAs } from '#server/testing/requests.ts';
import { createTestApp, type TestContext } from '#server/testing/test-app.ts';

let ctx: TestContext;
let admin: TestUser;
let buyer: TestUser;
let carla: TestUser;
let dmitri: TestUser;
let erin: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  // One after the other: the list is oldest first. The e-mails share no word with the names.
  admin = await createUser(ctx, { admin: true, name: 'Ada Admin', email: 'ada@example.com' });
  buyer = await createUser(ctx, { name: 'Bea Buyer', email: 'bea@example.com' });
  carla = await createUser(ctx, { name: 'Carla Reyes', email: 'cr1984@example.net' });
  dmitri = await createUser(ctx, { name: 'Dmitri Volkov', email: 'dv@example.org' });
  erin = await createUser(ctx, { name: 'Erin Reyes', email: 'erin@example.com' });
});
afterAll(() => ctx.close());

const as = requestsAs(() => ctx);

const page = pageReader<UsersPage>(() => as(admin), '/api/admin/users');

async function found(query: string) {
  return (await page(query)).users.map((user) => user.email);
}

describe('GET /api/admin/users', () => {
  it('answers 401 without a session and 403 for a buyer; an administrator gets the page', async () => {
    await expectAdministratorsOnly(as, '/api/admin/users', { buyer, admin });
  });

  it('lists every account as GET /api/user does, oldest first, on page 1 of 20 by default', async () => {
    const everyone = (await as(admin).get('/api/user')).json<User[]>();
    const body = await page();
    expect(body).toEqual({ users: everyone, total: 5, page: 1, pageSize: 20 });
    expect(body.users.map((user) => user.email)).toEqual(
      [admin, buyer, carla, dmitri, erin].map((user) => user.email),
    );
    expect(body.users[0]).toMatchObject({ name: 'Ada Admin', role: 'admin' });
  });

  it('takes empty parameters and a blank search as not given', async () => {
    expect(await page('?q=&page=&pageSize=')).toEqual(await page());
    expect((await page('?q=%20')).total).toBe(5);
  });

  it.each([
    ['the name', 'dmitri', ['dv@example.org']],
    ['the e-mail', 'cr1984', ['cr1984@example.net']],
    ['the e-mail, in another case', 'CR1984', ['cr1984@example.net']],
    ['a word two of them share', 'reyes', ['cr1984@example.net', 'erin@example.com']],
    ['words in any order', 'reyes erin', ['erin@example.com']],
    ['a name one letter off', 'Dmitir', ['dv@example.org']],
    ['a whole e-mail, not its domain', 'erin@example.com', ['erin@example.com']],
  ])('finds accounts by %s (q=%s)', async (_by, q, emails) => {
    const body = await page(`?q=${encodeURIComponent(q)}`);
    expect(body.users.map((user) => user.email)).toEqual(emails);
    expect(body.total).toBe(emails.length);
  });

  it.each(['zebedee', 'carla zebedee', '%', '_', '\\'])('finds nobody for q=%s', async (q) => {
    expect(await page(`?q=${encodeURIComponent(q)}`)).toEqual({ users: [], total: 0, page: 1, pageSize: 20 });
  });

  it('answers a page at a time with the total of every page, and an empty page past the end', async () => {
    expect(await found('?pageSize=2')).toEqual([admin.email, buyer.email]);
    expect(await page('?page=2&pageSize=2')).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(await found('?page=2&pageSize=2')).toEqual([carla.email, dmitri.email]);
    expect(await found('?page=3&pageSize=2')).toEqual([erin.email]);
    expect(await page('?page=4&pageSize=2')).toEqual({ users: [], total: 5, page: 4, pageSize: 2 });
    expect(await page('?page=2&pageSize=1&q=reyes')).toMatchObject({
      users: [expect.objectContaining({ email: erin.email })],
      total: 2,
    });
  });

  it.each(BAD_PAGING_QUERIES)(
    'refuses ?%s with a 400 saying why, changing nothing',
    async (query, message) => {
      await expectRefusedChangingNothing(ctx, as(admin).get, `/api/admin/users?${query}`, message);
    },
  );
});
