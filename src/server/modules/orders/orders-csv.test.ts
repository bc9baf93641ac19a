import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '#server/db/schema.ts';
import { createUser, type TestUser } from '#server/testing/accounts.ts';
import { requestsAs } from '#server/testing/requests.ts';
import { createTestApp, type TestContext } from '#server/testing/test-app.ts';
import { csvCell } from './orders-csv.ts';

let ctx: TestContext;
let admin: TestUser;
let buyer: TestUser;
const as = requestsAs(() => ctx);

/** 2,345 orders: more than two of the export's chunks of 1,000. */
const MANY = 2345;

beforeAll(async () => {
  ctx = await createTestApp();
  [admin, buyer] = await Promise.all([
    createUser(ctx, { admin: true, name: 'Ada Admin' }),
    createUser(ctx, { name: 'Zoë Łukasz-Ørsted', email: 'zoe@example.com' }),
  ]);
  const base = {
    userId: buyer.id,
    email: buyer.email,
    img: '/images/tools/torque-wrench.svg',
    unitPriceCents: 1250,
    priceCents: 2500,
    quantity: 2,
    address: '1 Main St',
    number: '555-0100',
  };
  await ctx.app.database.db.insert(orders).values(
    Array.from({ length: MANY }, (_, i) => ({
      ...base,
      userName: buyer.name,
      productName: `Hex bolt ${i}`,
      createdAt: new Date(Date.UTC(2026, 0, 1) + i * 1000),
    })),
  );
  await ctx.app.database.db.insert(orders).values([
    {
      ...base,
      userName: '=HYPERLINK("http://evil.example","Click")',
      productName: 'Torque wrench, 1/2" drive\nwith case',
      address: '+44 114 "Works", Sheffield',
      number: '-5550100',
      paid: true,
      transactionId: 'pi_test_123',
      testPayment: true,
      isDelivered: true,
      createdAt: new Date(Date.UTC(2026, 5, 1, 12)),
      paidAt: new Date(Date.UTC(2026, 5, 1, 12, 5)),
      shippedAt: new Date(Date.UTC(2026, 5, 2, 9)),
    },
    {
      ...base,
      userName: '@SUM(A1:A9)',
      productName: 'Spirit level',
      createdAt: new Date(Date.UTC(2026, 5, 3)),
    },
  ]);
});
afterAll(() => ctx.close());

const records = (body: string) => parse<Record<string, string>>(body, { bom: true, columns: true });

describe('GET /api/admin/orders.csv', () => {
  it('streams every order, newest first, as UTF-8 CSV with a dated file name', async () => {
    const response = await as(admin).get('/api/admin/orders.csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const day = new Date().toISOString().slice(0, 10);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="orders-${day}.csv"`);
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(response.body).toContain('\r\n');

    const rows = records(response.body);
    expect(rows).toHaveLength(MANY + 2);
    expect(Object.keys(rows[0]!)).toEqual([
      'Order id',
      'Ordered at (UTC)',
      'Buyer',
      'E-mail',
      'Product',
      'Unit price (USD)',
      'Quantity',
      'Total (USD)',
      'State',
      'Paid at (UTC)',
      'Transaction id',
      'Test payment (no money received)',
      'Shipped at (UTC)',
      'Delivery address',
      'Contact number',
    ]);
    const stamps = rows.map((row) => row['Ordered at (UTC)']!);
    expect(stamps).toEqual([...stamps].sort().reverse());
    expect(new Set(rows.map((row) => row['Order id'])).size).toBe(MANY + 2);
    expect(rows.at(-1)).toMatchObject({
      Buyer: 'Zoë Łukasz-Ørsted',
      'E-mail': 'zoe@example.com',
      Product: 'Hex bolt 0',
      'Unit price (USD)': '12.50',
      Quantity: '2',
      'Total (USD)': '25.00',
      State: 'unpaid',
      'Ordered at (UTC)': '2026-01-01 00:00:00',
      'Transaction id': '',
      'Test payment (no money received)': '',
      'Shipped at (UTC)': '',
    });
  });

  it('quotes commas, quotes and line breaks, and neutralises cells a spreadsheet would run as formulas', async () => {
    const rows = records((await as(admin).get('/api/admin/orders.csv?state=shipped')).body);
    expect(rows).toEqual([
      expect.objectContaining({
        Buyer: `'=HYPERLINK("http://evil.example","Click")`,
        Product: 'Torque wrench, 1/2" drive\nwith case',
        'Delivery address': `'+44 114 "Works", Sheffield`,
        'Contact number': "'-5550100",
        State: 'shipped',
        'Paid at (UTC)': '2026-06-01 12:05:00',
        'Transaction id': 'pi_test_123',
        'Test payment (no money received)': 'yes',
        'Shipped at (UTC)': '2026-06-02 09:00:00',
      }),
    ]);
    const atSign = records((await as(admin).get('/api/admin/orders.csv?q=spirit')).body);
    expect(atSign.map((row) => row.Buyer)).toEqual(["'@SUM(A1:A9)"]);
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell(-5)).toBe('-5');
  });

  it('neutralises a formula behind spaces or invisible characters, or written with full-width signs', () => {
    for (const hidden of [
      ' =1+1',
      '\u200B=1+1',
      '\uFEFF@SUM(A1)',
      '\u00A0 +1',
      '\uFF1D1+1',
      '\uFF0B1',
      '\uFF20A1',
    ]) {
      expect(csvCell(hidden)).toBe(`'${hidden}`);
    }
    expect(csvCell('1 = 1')).toBe('1 = 1');
    expect(csvCell('Bolt - M10')).toBe('Bolt - M10');
  });

  it('keeps to the search and state of Manage Order, and refuses a bad state', async () => {
    expect(records((await as(admin).get('/api/admin/orders.csv?q=bolt%201234')).body)).toHaveLength(1);
    expect(records((await as(admin).get('/api/admin/orders.csv?state=paid')).body)).toHaveLength(0);
    expect((await as(admin).get('/api/admin/orders.csv?state=lost')).statusCode).toBe(400);
  });

  it('is for administrators only', async () => {
    expect((await as(buyer).get('/api/admin/orders.csv')).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: '/api/admin/orders.csv' })).statusCode).toBe(401);
  });
});
