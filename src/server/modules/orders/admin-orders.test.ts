import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrdersPage } from '#shared/schemas/orders.ts';
import { orders } from '#server/db/schema.ts';
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
let buyer: TestUser;
let admin: TestUser;
/** Named by the buyer's initial, the product and the state; placed `minute` minutes after 10:00. */
const seeded: Array<{ name: string; id: string; minute: number }> = [];

type State = 'unpaid' | 'paid' | 'shipped';

const as = requestsAs(() => ctx);

async function addOrder(name: string, who: TestUser, productName: string, state: State, minute: number) {
  const [row] = await ctx.app.database.db
    .insert(orders)
    .values({
      userId: who.id,
      userName: who.name,
      email: who.email,
      productName,
      img: '/images/tools/torque-wrench.svg',
      unitPriceCents: 1250,
      priceCents: 2500,
      quantity: 2,
      address: '1 Main St',
      number: '555-0100',
      paid: state !== 'unpaid',
      transactionId: state === 'unpaid' ? null : `pi_${name}`,
      isDelivered: state === 'shipped',
      createdAt: new Date(Date.UTC(2026, 0, 5, 10, minute)),
    })
    .returning({ id: orders.id });
  seeded.push({ name, id: row!.id, minute });
}

beforeAll(async () => {
  ctx = await createTestApp();
  [buyer, admin] = await Promise.all([
    createUser(ctx, { name: 'Bea Buyer' }),
    createUser(ctx, { admin: true, name: 'Ada Admin' }),
  ]);
  // The e-mails share no word with the names, so that each can be searched alone.
  const carla = await createUser(ctx, { name: 'Carla Reyes', email: 'cr1984@example.net' });
  const dmitri = await createUser(ctx, { name: 'Dmitri Volkov', email: 'dvolkov@example.org' });
  await addOrder('c-wrench-unpaid', carla, 'Torque wrench', 'unpaid', 0);
  await addOrder('d-bolt-paid', dmitri, 'Hex bolt M10', 'paid', 1);
  await addOrder('c-drill-shipped', carla, 'Cordless drill', 'shipped', 2);
  await addOrder('d-wrench-shipped', dmitri, 'Torque wrench', 'shipped', 3);
  await addOrder('c-bolt-paid', carla, 'Hex bolt M10', 'paid', 4);
  await addOrder('d-level-unpaid', dmitri, 'Spirit level', 'unpaid', 5);
  // Placed at the same moment: the id decides.
  await addOrder('c-level-unpaid', carla, 'Spirit level', 'unpaid', 6);
  await addOrder('c-level-paid', carla, 'Spirit level', 'paid', 6);
});
afterAll(() => ctx.close());

/** Every seeded order's id, newest first: by time, then by id, descending. */
function newestFirst(): string[] {
  const order = [...seeded].sort((a, b) => b.minute - a.minute || (a.id < b.id ? 1 : -1));
  return order.map(({ id }) => id);
}

/** The ids of these orders, in the order of the whole list. */
function inListOrder(...names: string[]): string[] {
  const wanted = new Set(seeded.filter(({ name }) => names.includes(name)).map(({ id }) => id));
  return newestFirst().filter((id) => wanted.has(id));
}

const idOf = (name: string) => seeded.find((order) => order.name === name)!.id;

const page = pageReader<OrdersPage>(() => as(admin), '/api/admin/orders');

/** The ids the page lists, in order. */
async function found(query: string) {
  return (await page(query)).orders.map((order) => order._id);
}

describe('GET /api/admin/orders', () => {
  it('answers 401 without a session and 403 for a buyer; an administrator gets the page', async () => {
    await expectAdministratorsOnly(as, '/api/admin/orders', { buyer, admin });
  });

  it('lists every order newest first, with the spec fields, on page 1 of 20 by default', async () => {
    const body = await page();
    expect(body).toMatchObject({ total: 8, page: 1, pageSize: 20 });
    expect(body.orders.map((order) => order._id)).toEqual(newestFirst());
    expect(body.orders.find((order) => order._id === idOf('d-wrench-shipped'))).toMatchObject({
      userName: 'Dmitri Volkov',
      email: 'dvolkov@example.org',
      productName: 'Torque wrench',
      price: 25,
      quantity: 2,
      paid: true,
      transactionId: 'pi_d-wrench-shipped',
      isDeliverd: true,
    });
  });

  it('takes empty parameters and a blank search as not given', async () => {
    expect(await page('?q=&state=&page=&pageSize=')).toEqual(await page());
    expect(await found('?q=%20%20%20')).toEqual(newestFirst());
  });

  it.each([
    [
      'the buyer name',
      'reyes',
      ['c-wrench-unpaid', 'c-drill-shipped', 'c-bolt-paid', 'c-level-unpaid', 'c-level-paid'],
    ],
    ['the e-mail', 'dvolkov@example.org', ['d-bolt-paid', 'd-wrench-shipped', 'd-level-unpaid']],
    ['the product', 'wrench', ['c-wrench-unpaid', 'd-wrench-shipped']],
    ['part of a word, in any case', 'TORQ', ['c-wrench-unpaid', 'd-wrench-shipped']],
    ['words in any order', 'wrench carla', ['c-wrench-unpaid']],
    ['the same words the other way round', 'carla wrench', ['c-wrench-unpaid']],
    ['a word one letter off', 'wrech', ['c-wrench-unpaid', 'd-wrench-shipped']],
    ['a name one letter off with another word', 'volkvo level', ['d-level-unpaid']],
  ])('finds orders by %s (q=%s), newest first', async (_by, q, names) => {
    const body = await page(`?q=${encodeURIComponent(q)}`);
    expect(body.orders.map((order) => order._id)).toEqual(inListOrder(...names));
    expect(body.total).toBe(names.length);
  });

  it.each(['chainsaw', 'wrench chainsaw', '%', '_', '\\'])(
    'finds nothing for q=%s (no word matches, or LIKE wildcards taken literally)',
    async (q) => {
      expect(await page(`?q=${encodeURIComponent(q)}`)).toEqual({
        orders: [],
        total: 0,
        page: 1,
        pageSize: 20,
      });
    },
  );

  it.each([
    ['unpaid', ['c-wrench-unpaid', 'd-level-unpaid', 'c-level-unpaid']],
    ['paid', ['d-bolt-paid', 'c-bolt-paid', 'c-level-paid']],
    ['shipped', ['c-drill-shipped', 'd-wrench-shipped']],
  ])('keeps the %s orders (paid: not shipped yet)', async (state, names) => {
    const body = await page(`?state=${state}`);
    expect(body.orders.map((order) => order._id)).toEqual(inListOrder(...names));
    expect(body.total).toBe(names.length);
  });

  it('searches within a state', async () => {
    expect(await found('?state=unpaid&q=level')).toEqual(inListOrder('d-level-unpaid', 'c-level-unpaid'));
    expect(await found('?state=shipped&q=bolt')).toEqual([]);
  });

  it('answers a page at a time with the total of every page, and an empty page past the end', async () => {
    const all = newestFirst();
    expect(await page('?pageSize=3')).toEqual(expect.objectContaining({ total: 8, page: 1, pageSize: 3 }));
    expect(await found('?pageSize=3')).toEqual(all.slice(0, 3));
    expect(await page('?page=2&pageSize=3')).toMatchObject({ total: 8, page: 2, pageSize: 3 });
    expect(await found('?page=2&pageSize=3')).toEqual(all.slice(3, 6));
    expect(await found('?page=3&pageSize=3')).toEqual(all.slice(6));
    expect(await page('?page=4&pageSize=3')).toEqual({ orders: [], total: 8, page: 4, pageSize: 3 });
    expect(await page('?page=2&pageSize=2&q=reyes')).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(await page('?page=100000&pageSize=100')).toEqual({
      orders: [],
      total: 8,
      page: 100000,
      pageSize: 100,
    });
  });

  it.each([
    ...BAD_PAGING_QUERIES,
    ['state=bogus', 'state must be one of unpaid, paid, shipped'],
    ['state=PAID', 'state must be one of unpaid, paid, shipped'],
    ['state=paid&state=unpaid', 'state must be one of unpaid, paid, shipped'],
  ])('refuses ?%s with a 400 saying why, changing nothing', async (query, message) => {
    await expectRefusedChangingNothing(ctx, as(admin).get, `/api/admin/orders?${query}`, message);
  });
});
