import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tool } from '#shared/schemas/tools.ts';
import { tools } from '#server/db/schema.ts';
import { createUser } from '#server/testing/accounts.ts';
import { createTestApp, type TestContext } from '#server/testing/test-app.ts';
import type { NewToolRow } from './tools.repo.ts';

let ctx: TestContext;
const HOUR = 3_600_000;

function sampleTool(index: number): NewToolRow {
  const createdAt = new Date(Date.UTC(2026, 0, 1) + index * HOUR);
  return {
    name: `Sample tool ${index}`,
    priceCents: 1000 + index,
    availableQuantity: 100 + index,
    minOrderQuantity: 10,
    details: `Details of sample tool ${index}`,
    image: `/images/tools/sample-${index}.svg`,
    createdAt,
    updatedAt: createdAt,
  };
}

async function getJson<T>(url: string, headers: Record<string, string> = {}) {
  const response = await ctx.app.inject({ method: 'GET', url, headers });
  return { response, body: response.json<T>() };
}

beforeAll(async () => {
  ctx = await createTestApp();
  // Inserted in shuffled order: the API must order by creation time, not by insertion.
  const order = [3, 0, 7, 11, 1, 9, 5, 2, 10, 4, 8, 6];
  await ctx.app.tools.add(order.map(sampleTool));
});

afterAll(() => ctx.close());

describe('GET /api/parts', () => {
  it('lists every tool, newest first, with the spec field names and the price in dollars', async () => {
    const { response, body } = await getJson<Tool[]>('/api/parts');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(body.map((tool) => tool.name)).toEqual(
      Array.from({ length: 12 }, (_, i) => `Sample tool ${11 - i}`),
    );
    expect(body[0]).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Sample tool 11',
      price: 10.11,
      availableQuantity: 111,
      minOrderQuantity: 10,
      details: 'Details of sample tool 11',
      image: '/images/tools/sample-11.svg',
      createdAt: '2026-01-01T11:00:00.000Z',
      updatedAt: '2026-01-01T11:00:00.000Z',
      version: 1,
    });
  });

  it('returns the N newest with ?limit=N', async () => {
    const { response, body } = await getJson<Tool[]>('/api/parts?limit=6');
    expect(response.statusCode).toBe(200);
    expect(body.map((tool) => tool.name)).toEqual([11, 10, 9, 8, 7, 6].map((i) => `Sample tool ${i}`));
    expect((await getJson<Tool[]>('/api/parts?limit=100')).body).toHaveLength(12);
    expect((await getJson<Tool[]>('/api/parts?limit=1')).body).toHaveLength(1);
  });

  it.each(['abc', '0', '-1', '101', '2.5', '', '1e400', '0x10', '%205', '1e1'])(
    'refuses ?limit=%s with a 400 JSON error',
    async (limit) => {
      const { response, body } = await getJson(`/api/parts?limit=${limit}`);
      expect(response.statusCode).toBe(400);
      expect(body).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: 'limit must be a whole number from 1 to 100',
      });
    },
  );

  it('refuses a repeated limit', async () => {
    const { response } = await getJson('/api/parts?limit=2&limit=3');
    expect(response.statusCode).toBe(400);
  });
});

describe('GET /api/parts/{id}', () => {
  it('returns one tool', async () => {
    const [first] = (await getJson<Tool[]>('/api/parts?limit=1')).body;
    const { response, body } = await getJson<Tool>(`/api/parts/${first!._id}`);
    expect(response.statusCode).toBe(200);
    expect(body).toEqual(first);
  });

  it('accepts the id in upper case', async () => {
    const [first] = (await getJson<Tool[]>('/api/parts?limit=1')).body;
    const { response } = await getJson<Tool>(`/api/parts/${first!._id.toUpperCase()}`);
    expect(response.statusCode).toBe(200);
  });

  it.each([
    ['an unknown id', '00000000-0000-4000-8000-000000000000'],
    ['a malformed id', 'not-an-id'],
    ['an id with SQL in it', "1'%20OR%20'1'='1"],
  ])('answers 404 JSON for %s', async (_, id) => {
    const { response, body } = await getJson(`/api/parts/${id}`);
    expect(response.statusCode).toBe(404);
    expect(body).toEqual({ statusCode: 404, error: 'Not Found', message: 'Tool not found' });
  });
});

describe('unknown API paths', () => {
  it.each(['/api/nothing-here', '/api/parts/1/extra', '/api'])(
    'answer %s with 404 JSON, not the app',
    async (url) => {
      const response = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
    },
  );

  it('answers an unknown method with 404 JSON', async () => {
    const response = await ctx.app.inject({ method: 'DELETE', url: '/api/health' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ statusCode: 404 });
  });
});

describe('catalogue cache', () => {
  it('serves repeated reads without going to the database', async () => {
    await getJson('/api/parts');
    await getJson('/api/parts?limit=6');
    const loads = ctx.app.tools.catalogueLoads;
    for (let i = 0; i < 5; i++) {
      await getJson('/api/parts');
      await getJson('/api/parts?limit=6');
    }
    expect(ctx.app.tools.catalogueLoads).toBe(loads);
  });

  it('shows a write on the next read', async () => {
    await getJson('/api/parts');
    const [created] = await ctx.app.tools.add([
      { ...sampleTool(12), name: 'Freshly added tool', createdAt: new Date(), updatedAt: new Date() },
    ]);
    const { body } = await getJson<Tool[]>('/api/parts?limit=6');
    expect(body[0]?.name).toBe('Freshly added tool');
    expect((await getJson<Tool>(`/api/parts/${created!.id}`)).response.statusCode).toBe(200);
  });

  it('reaches another server process on the same database through NOTIFY', async () => {
    const other = await ctx.startAnotherApp();
    const read = async () => (await other.inject({ url: '/api/parts?limit=1' })).json<Tool[]>()[0]?.name;
    await read(); // fills the other process's cache
    await ctx.app.tools.add([
      { ...sampleTool(13), name: 'Added elsewhere', createdAt: new Date(), updatedAt: new Date() },
    ]);
    await expect.poll(read, { timeout: 5000, interval: 20 }).toBe('Added elsewhere');
  });
});

describe('catalogue cache under a stream of orders', () => {
  const buyer = {
    id: '',
    name: 'Stream Buyer',
    email: 'stream@example.com',
    role: 'user' as const,
    emailVerified: true,
  };
  const order = (toolId: string, quantity = 10) =>
    ctx.app.orders.place(buyer, { toolId, quantity, address: '1 Main St', number: '5' });

  beforeAll(async () => {
    buyer.id = (await createUser(ctx, { name: buyer.name })).id;
  });

  it('keeps the catalogue and shows each order in the stock of its tool on the next read', async () => {
    const newest = (await getJson<Tool[]>('/api/parts?limit=6')).body;
    const [first, sixth] = [newest[0]!, newest[5]!];
    // Each answer is read from the database once.
    await getJson(`/api/parts/${first._id}`);
    await getJson('/api/parts');
    const loads = ctx.app.tools.catalogueLoads;
    for (let i = 0; i < 3; i++) {
      await order(first._id);
      await order(sixth._id, 12);
      const shown = (await getJson<Tool[]>('/api/parts?limit=6')).body;
      expect(shown[0]).toMatchObject({
        _id: first._id,
        availableQuantity: first.availableQuantity - 10 * (i + 1),
      });
      expect(shown[5]).toMatchObject({
        _id: sixth._id,
        availableQuantity: sixth.availableQuantity - 12 * (i + 1),
      });
      expect((await getJson<Tool>(`/api/parts/${first._id}`)).body.availableQuantity).toBe(
        shown[0]!.availableQuantity,
      );
      const all = (await getJson<Tool[]>('/api/parts')).body;
      expect(all.find((tool) => tool._id === sixth._id)?.availableQuantity).toBe(shown[5]!.availableQuantity);
    }
    expect(ctx.app.tools.catalogueLoads).toBe(loads);
  });

  it('keeps serving a cached answer that an order did not touch', async () => {
    const oldest = (await getJson<Tool[]>('/api/parts')).body.at(-1)!;
    const first = await getJson<Tool[]>('/api/parts?limit=2');
    await order(oldest._id);
    const again = await getJson<Tool[]>('/api/parts?limit=2');
    expect(again.response.headers.etag).toBe(first.response.headers.etag);
    expect(again.response.body).toBe(first.response.body);
  });

  it("shows another process's order in the stock of its tool without reloading the catalogue", async () => {
    const other = await ctx.startAnotherApp();
    const read = async () => (await other.inject({ url: '/api/parts?limit=1' })).json<Tool[]>()[0]!;
    const before = await read();
    const loads = other.tools.catalogueLoads;
    await order(before._id);
    await expect
      .poll(async () => (await read()).availableQuantity, { timeout: 5000, interval: 20 })
      .toBe(before.availableQuantity - 10);
    expect(other.tools.catalogueLoads).toBe(loads);
  });

  it('answers a read after an order from memory, while another transaction holds the database', async () => {
    const [first] = (await getJson<Tool[]>('/api/parts?limit=1')).body;
    await order(first!._id);
    let release: (() => void) | undefined;
    // On the embedded database a transaction has the database to itself until it ends.
    const held = ctx.app.database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1`);
      await new Promise<void>((resolve) => (release = resolve));
    });
    await expect.poll(() => release).toBeDefined();
    try {
      const shown = await getJson<Tool[]>('/api/parts?limit=6');
      expect(shown.body[0]).toMatchObject({
        _id: first!._id,
        availableQuantity: first!.availableQuantity - 10,
      });
    } finally {
      release!();
      await held;
    }
  });

  it('keeps the newer stock when an older change is heard late, and reloads on a change it cannot read', async () => {
    const other = await ctx.startAnotherApp();
    const [first, second] = (await getJson<Tool[]>('/api/parts?limit=2')).body;
    const shownBy = async (id: string) =>
      (await other.inject({ url: `/api/parts/${id}` })).json<Tool>().availableQuantity;
    const before = await shownBy(first!._id);
    await order(first!._id);
    const [afterFirst] = await ctx.app.database.db
      .select({ revision: tools.stockRevision })
      .from(tools)
      .where(eq(tools.id, first!._id));
    await order(first!._id);
    await expect.poll(() => shownBy(first!._id), { timeout: 5000, interval: 20 }).toBe(before - 20);

    const notify = (payload: string) =>
      ctx.app.database.db.execute(sql`SELECT pg_notify('catalogue_changed', ${payload})`);
    // The first order's change again, as a process whose notification was slow would send it.
    await notify(`${first!._id} ${afterFirst!.revision} ${before - 10} ${Date.now()}`);
    // Notifications arrive in order: once this later order shows, the late copy has been heard.
    const secondBefore = await shownBy(second!._id);
    await order(second!._id);
    await expect.poll(() => shownBy(second!._id), { timeout: 5000, interval: 20 }).toBe(secondBefore - 10);
    expect(await shownBy(first!._id)).toBe(before - 20);

    const loads = other.tools.catalogueLoads;
    await notify('not a stock change');
    await expect.poll(() => shownBy(first!._id).then(() => other.tools.catalogueLoads)).toBe(loads + 1);
  });
});

describe('ETag', () => {
  it('answers 304 when the client already has the current list', async () => {
    const first = await ctx.app.inject({ url: '/api/parts' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');

    const again = await ctx.app.inject({ url: '/api/parts', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const weak = await ctx.app.inject({ url: '/api/parts', headers: { 'if-none-match': `"x", W/${etag}` } });
    expect(weak.statusCode).toBe(304);
  });

  it('changes the ETag when the catalogue changes, for lists and single tools', async () => {
    const before = await ctx.app.inject({ url: '/api/parts' });
    const [one] = before.json<Tool[]>();
    const oneBefore = await ctx.app.inject({ url: `/api/parts/${one!._id}` });
    await ctx.app.tools.add([{ ...sampleTool(14), createdAt: new Date() }]);
    const after = await ctx.app.inject({
      url: '/api/parts',
      headers: { 'if-none-match': before.headers.etag as string },
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const oneAfter = await ctx.app.inject({
      url: `/api/parts/${one!._id}`,
      headers: { 'if-none-match': oneBefore.headers.etag as string },
    });
    expect(oneAfter.statusCode).toBe(304);
  });
});

describe('compression', () => {
  it('compresses JSON with brotli or gzip when the client accepts it', async () => {
    const br = await ctx.app.inject({ url: '/api/parts', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    const gzip = await ctx.app.inject({ url: '/api/parts', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await ctx.app.inject({ url: '/api/parts' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(br.headers.vary).toContain('accept-encoding');
  });

  it("follows the client's weights: an encoding it refuses is not sent, the one it weighs higher is", async () => {
    const encodingFor = async (acceptEncoding: string) =>
      (await ctx.app.inject({ url: '/api/parts', headers: { 'accept-encoding': acceptEncoding } })).headers[
        'content-encoding'
      ];
    expect(await encodingFor('br;q=0, gzip')).toBe('gzip');
    expect(await encodingFor('gzip;q=1, br;q=0.5')).toBe('gzip');
    expect(await encodingFor('gzip, br')).toBe('br');
    expect(await encodingFor('x-gzip')).toBe('gzip');
    expect(await encodingFor('*')).toBe('gzip');
    expect(await encodingFor('identity')).toBeUndefined();
    expect(await encodingFor('br;q=0, gzip;q=0')).toBeUndefined();
  });
});
