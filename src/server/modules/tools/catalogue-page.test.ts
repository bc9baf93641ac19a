import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { and, asc, count, desc, gte, lte, sql, TransactionRollbackError, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CATALOGUE_SORTS,
  SEARCH_COUNT_LIMIT,
  type CataloguePage,
  type CatalogueSort,
  type Tool,
} from '#shared/schemas/tools.ts';
import { tools } from '#server/db/schema.ts';
import { createUser } from '#server/testing/accounts.ts';
import { createTestApp, type TestContext } from '#server/testing/test-app.ts';
import { joinedSplits, otherFormsOf, searchWords, sizeParts } from './catalogue-search.ts';
import { FULL_LIST_CHUNK } from './full-list.ts';
import type { NewToolRow } from './tools.repo.ts';
import { ToolsService } from './tools.service.ts';

let ctx: TestContext;
const DAY = 86_400_000;

/** Named tools, newest first, then 30 older spare parts: 36 in all. */
const NAMED: Array<Pick<NewToolRow, 'name' | 'details' | 'priceCents'> & { stock?: number }> = [
  { name: 'Hex Bolt M10 x 50 mm', details: 'Zinc-plated steel, grade 8.8', priceCents: 38 },
  { name: 'Hex Flange Nut M8', details: 'Serrated flange', priceCents: 14, stock: 50 },
  { name: 'Cordless Drill Driver 18V', details: 'Two batteries and a charger', priceCents: 12900 },
  { name: 'Impact Wrench 1/2-Inch', details: 'Brushless motor, 18V battery, 610 N·m', priceCents: 21900 },
  { name: 'Angle Grinder 125 mm', details: 'Anti-kickback clutch, cuts rusted bolts', priceCents: 6900 },
  { name: 'Claw Hammer', details: 'Forged steel head, 450 g', priceCents: 1950 },
];

function row(index: number, fields: Pick<NewToolRow, 'name' | 'details' | 'priceCents'>, stock = 1000) {
  const createdAt = new Date(Date.UTC(2026, 5, 1) - index * DAY);
  return {
    ...fields,
    availableQuantity: stock,
    minOrderQuantity: 100,
    image: '/images/tools/hex-bolt-m10.svg',
    createdAt,
    updatedAt: createdAt,
  };
}

async function page(query = '') {
  const response = await ctx.app.inject({ url: `/api/catalogue${query}` });
  return { response, body: response.json<CataloguePage>() };
}

const names = (body: CataloguePage) => body.tools.map((tool) => tool.name);

beforeAll(async () => {
  ctx = await createTestApp();
  const spare = Array.from({ length: 30 }, (_, i) => ({
    name: `Spare part ${String(i + 1).padStart(2, '0')}`,
    details: 'Replacement',
    priceCents: 500 + i,
  }));
  await ctx.app.tools.add([
    ...NAMED.map((tool, i) => row(i, tool, tool.stock)),
    ...spare.map((tool, i) => row(NAMED.length + i, tool)),
  ]);
});

afterAll(() => ctx.close());

describe('GET /api/catalogue', () => {
  it('answers the first 24 tools, newest first, with how many there are', async () => {
    const { response, body } = await page();
    expect(response.statusCode).toBe(200);
    expect(body).toMatchObject({ total: 36, page: 1, pageSize: 24 });
    expect(body.tools).toHaveLength(24);
    expect(names(body).slice(0, 3)).toEqual(NAMED.slice(0, 3).map((tool) => tool.name));
    expect(body.tools[0]).toEqual({
      _id: expect.any(String),
      name: 'Hex Bolt M10 x 50 mm',
      price: 0.38,
      availableQuantity: 1000,
      minOrderQuantity: 100,
      details: 'Zinc-plated steel, grade 8.8',
      image: '/images/tools/hex-bolt-m10.svg',
      createdAt: '2026-06-01T00:00:00.000Z',
      updatedAt: '2026-06-01T00:00:00.000Z',
      version: 1,
    });
  });

  it('pages through the rest, and past the end answers no tools with the real total', async () => {
    const second = (await page('?page=2')).body;
    expect(second).toMatchObject({ total: 36, page: 2, pageSize: 24 });
    expect(names(second)).toEqual(Array.from({ length: 12 }, (_, i) => `Spare part ${i + 19}`));
    const small = (await page('?page=3&pageSize=5')).body;
    expect(names(small)).toEqual([
      'Spare part 05',
      'Spare part 06',
      'Spare part 07',
      'Spare part 08',
      'Spare part 09',
    ]);
    expect(await page('?page=9')).toMatchObject({ body: { tools: [], total: 36, page: 9 } });
  });

  it.each([
    ['bolt m10 hex', ['Hex Bolt M10 x 50 mm']],
    ['HEX bolt M10', ['Hex Bolt M10 x 50 mm']],
    ['m10, bolt!', ['Hex Bolt M10 x 50 mm']],
    ['hex', ['Hex Bolt M10 x 50 mm', 'Hex Flange Nut M8']],
    ['grind', ['Angle Grinder 125 mm']],
    ['wrech', ['Impact Wrench 1/2-Inch']],
    ['cordles drill', ['Cordless Drill Driver 18V']],
    ['18v', ['Cordless Drill Driver 18V', 'Impact Wrench 1/2-Inch']],
    ['forged steel', ['Claw Hammer']],
    ['zinc-plated', ['Hex Bolt M10 x 50 mm']],
    ['1/2-inch impact', ['Impact Wrench 1/2-Inch']],
    ['610 N·m', ['Impact Wrench 1/2-Inch']],
    ['hex bolts', ['Hex Bolt M10 x 50 mm']],
    ['bolts', ['Hex Bolt M10 x 50 mm', 'Angle Grinder 125 mm']],
    ['flange nuts', ['Hex Flange Nut M8']],
    ['hammers', ['Claw Hammer']],
    ['battery', ['Cordless Drill Driver 18V', 'Impact Wrench 1/2-Inch']],
    ['m10x50', ['Hex Bolt M10 x 50 mm']],
    ['125mm grinder', ['Angle Grinder 125 mm']],
    ['hammer 450g', ['Claw Hammer']],
    ['hex\u200bbolt m10×50', ['Hex Bolt M10 x 50 mm']],
    ['angle–grinder', ['Angle Grinder 125 mm']],
    ['hex drill', []],
  ])('finds %j in names and details, in any order, forgiving a small typo', async (q, expected) => {
    const { response, body } = await page(`?q=${encodeURIComponent(q)}`);
    expect(response.statusCode).toBe(200);
    expect(names(body)).toEqual(expected);
    expect(body.total).toBe(expected.length);
  });

  it.each(["bolt & | ! :* ( ) ' \\", '%_', '   ', "'; DROP TABLE tools; --"])(
    'takes %j as words to look for, never as syntax',
    async (q) => {
      const { response } = await page(`?q=${encodeURIComponent(q)}`);
      expect(response.statusCode).toBe(200);
      expect((await page()).body.total).toBe(36);
    },
  );

  it('sorts by price either way and by name, ties newest first', async () => {
    const cheapest = (await page('?sort=price-asc&pageSize=3')).body;
    expect(names(cheapest)).toEqual(['Hex Flange Nut M8', 'Hex Bolt M10 x 50 mm', 'Spare part 01']);
    const dearest = (await page('?sort=price-desc&pageSize=2')).body;
    expect(names(dearest)).toEqual(['Impact Wrench 1/2-Inch', 'Cordless Drill Driver 18V']);
    const byName = (await page('?sort=name&pageSize=3')).body;
    expect(names(byName)).toEqual(['Angle Grinder 125 mm', 'Claw Hammer', 'Cordless Drill Driver 18V']);
    expect((await page('?sort=newest&pageSize=1')).body.tools[0]?.name).toBe('Hex Bolt M10 x 50 mm');
  });

  it('keeps only what can be ordered now with inStock=true', async () => {
    const inStock = (await page('?inStock=true&q=hex')).body;
    expect(names(inStock)).toEqual(['Hex Bolt M10 x 50 mm']);
    expect((await page('?inStock=false&q=hex')).body.total).toBe(2);
  });

  it('filters by a price range in dollars, bounds included', async () => {
    const { body } = await page('?minPrice=19.5&maxPrice=129');
    expect(names(body)).toEqual(['Cordless Drill Driver 18V', 'Angle Grinder 125 mm', 'Claw Hammer']);
    expect((await page('?maxPrice=0.14')).body.tools.map((tool) => tool.price)).toEqual([0.14]);
    expect((await page('?minPrice=219')).body.total).toBe(1);
    expect((await page('?minPrice=&maxPrice=')).body.total).toBe(36);
  });

  it.each([
    ['page=0', 'page must be a whole number from 1 to 100000'],
    ['page=abc', 'page must be a whole number from 1 to 100000'],
    ['page=1.5', 'page must be a whole number from 1 to 100000'],
    ['page=0x10', 'page must be a whole number from 1 to 100000'],
    ['page=%205%20', 'page must be a whole number from 1 to 100000'],
    ['page=1e1', 'page must be a whole number from 1 to 100000'],
    ['page=%2B1', 'page must be a whole number from 1 to 100000'],
    ['pageSize=0b11', 'pageSize must be a whole number from 1 to 100'],
    ['page=100001', 'page must be a whole number from 1 to 100000'],
    ['pageSize=0', 'pageSize must be a whole number from 1 to 100'],
    ['pageSize=101', 'pageSize must be a whole number from 1 to 100'],
    ['sort=cheapest', 'sort must be one of newest, price-asc, price-desc, name'],
    ['inStock=yes', 'inStock must be one of true, false'],
    ['minPrice=-1', 'minPrice must be a price in dollars from 0 to 1000000'],
    ['maxPrice=abc', 'maxPrice must be a price in dollars from 0 to 1000000'],
    ['minPrice=0x10', 'minPrice must be a price in dollars from 0 to 1000000'],
    ['maxPrice=%2050', 'maxPrice must be a price in dollars from 0 to 1000000'],
    ['maxPrice=Infinity', 'maxPrice must be a price in dollars from 0 to 1000000'],
    ['maxPrice=1000001', 'maxPrice must be a price in dollars from 0 to 1000000'],
    ['minPrice=10&maxPrice=5', 'minPrice must not be above maxPrice'],
    [`q=${'x'.repeat(101)}`, 'q must be at most 100 characters'],
  ])('refuses ?%s with a 400 and its reason', async (query, message) => {
    const { response, body } = await page(`?${query}`);
    expect(response.statusCode).toBe(400);
    expect(body).toEqual({ statusCode: 400, error: 'Bad Request', message });
  });

  it('refuses a repeated parameter', async () => {
    expect((await page('?page=1&page=2')).response.statusCode).toBe(400);
    expect((await page('?q=a&q=b')).response.statusCode).toBe(400);
  });
});

describe('a search', () => {
  it.each([
    ['bolts', ['bolt']],
    ['nuts', ['nut']],
    ['wrenches', ['wrenche', 'wrench']],
    ['boxes', ['boxe', 'box']],
    ['batteries', ['battery', 'batterie']],
    ['battery', ['batteries']],
    ['key', []],
    ['assembly', ['assemblies']],
    ['stainless', []],
    ['radius', []],
    ['chassis', []],
    ['2rs', []],
    ['ms', []],
    ['vice', ['vise']],
    ['vises', ['vise', 'vis', 'vices', 'vice']],
    ['aluminium', ['aluminum']],
    ['galvanised', ['galvanized']],
    ['fibreglass', ['fiberglass']],
    ['gray', ['grey']],
    ['centres', ['centre', 'centers', 'center']],
  ])('takes %j as possibly another form of %j', (word, forms) => {
    expect(otherFormsOf(word)).toEqual(forms);
  });

  it.each([
    ['13mm', ['13', 'mm']],
    ['230v', ['230', 'v']],
    ['m10x50', ['m10', '50']],
    ['m8x1', ['m8', '1']],
    ['m10', undefined],
    ['6204', undefined],
    ['drill', undefined],
  ])('takes %j as the parts %j, which a catalogue may write apart', (word, parts) => {
    expect(sizeParts(word)).toEqual(parts);
  });

  it.each([
    [
      '62042rs',
      [
        ['62', '042rs'],
        ['620', '42rs'],
        ['6204', '2rs'],
        ['62042', 'rs'],
      ],
    ],
    [
      'din933',
      [
        ['di', 'n933'],
        ['din', '933'],
        ['din9', '33'],
      ],
    ],
    ['m10', []],
    ['drill', []],
    ['1234567890abcdefg', []],
  ])('splits the code %j as %j, where its punctuation may have been', (word, splits) => {
    expect(joinedSplits(word)).toEqual(splits);
  });

  it('is the same search whatever the order and case of its words: answered from what the first read', async () => {
    const first = await page('?q=hex%20bolt%20m10');
    expect(names(first.body)).toEqual(['Hex Bolt M10 x 50 mm']);
    const loads = ctx.app.tools.catalogueLoads;
    const reordered = await page('?q=M10%20hex%20BOLT');
    expect(reordered.response.body).toBe(first.response.body);
    expect(ctx.app.tools.catalogueLoads).toBe(loads);
  });

  it('finds a code typed without its punctuation, split where the catalogue has two words', async () => {
    const added = await ctx.app.tools.add([
      row(-3, { name: 'Ball Bearing 6204-2RS', details: 'Sealed both sides', priceCents: 450 }),
      row(-4, { name: 'Hex Bolt DIN 933 M12', details: 'Fully threaded', priceCents: 60 }),
    ]);
    const found = async (q: string) => names((await page(`?q=${encodeURIComponent(q)}`)).body);
    for (const q of ['62042rs', '62042RS sealed', '6204-2RS', '6204 2rs', '62042r', '62042rs 62042r'])
      expect(await found(q)).toEqual(['Ball Bearing 6204-2RS']);
    expect(await found('din933 m12')).toEqual(['Hex Bolt DIN 933 M12']);
    // Only into words of the catalogue: no word begins with zz or rs.
    for (const q of ['62042zz', '6204rs', '62042rs hammer']) expect(await found(q)).toEqual([]);
    for (const tool of added) await ctx.app.tools.remove(tool.id);
    expect(await found('62042rs')).toEqual([]);
  });

  it('finds a word spelt the British or the American way', async () => {
    const [vise] = await ctx.app.tools.add([
      row(-5, { name: 'Bench Vise 125 mm', details: 'Gray cast iron, aluminum jaws', priceCents: 5400 }),
    ]);
    const found = async (q: string) => names((await page(`?q=${encodeURIComponent(q)}`)).body);
    for (const q of ['vice', 'bench vices', 'grey vise', 'aluminium jaws', 'Vise'])
      expect(await found(q)).toEqual(['Bench Vise 125 mm']);
    await ctx.app.tools.remove(vise!.id);
  });

  it('takes full-width letters, ligatures and fractions for the plain characters they stand for', async () => {
    const found = async (q: string) => names((await page(`?q=${encodeURIComponent(q)}`)).body);
    expect(await found('ｃｏｒｄｌｅｓｓ ｄｒｉｌｌ')).toEqual(['Cordless Drill Driver 18V']);
    expect(await found('hex bolt Ｍ１０')).toEqual(['Hex Bolt M10 x 50 mm']);
    expect(await found('impact wrench ½')).toEqual(['Impact Wrench 1/2-Inch']);
    const [snips] = await ctx.app.tools.add([
      row(-6, { name: 'Oﬀset Tin Snips', details: 'Ｌｅｆｔ cut, ﬁne serrations', priceCents: 2300 }),
    ]);
    for (const q of ['offset snips', 'left cut', 'fine serrations', 'ｏｆｆｓｅｔ'])
      expect(await found(q)).toEqual(['Oﬀset Tin Snips']);
    await ctx.app.tools.remove(snips!.id);
  });

  it.each([
    'Torque Wrench, 40–210 N·m ±4%',
    'M10×50 mm² ½″ O’Brien “12”',
    'hex\u200bbolt dri\u00adll a_b 3.5',
    'Größe ÅSTRÖM naïve e\u0301te ΟΔΟΣ',
    'İstanbul ẞ ǅemal Ⅻ ١٢ 東京',
    'ｄｒｉｌｌ ８ Ω K hello🔩world',
    'Oﬀset ﬁle ¼″ x² ㎜ Ⅻ',
  ])('splits %j into the words the catalogue indexes it as', async (text) => {
    let indexed: string[] = [];
    await ctx.app.database.db
      .transaction(async (tx) => {
        const [tool] = await tx
          .insert(tools)
          .values(row(99, { name: text, details: '', priceCents: 1 }))
          .returning();
        const { rows } = (await tx.execute(
          sql`SELECT array(SELECT lexeme FROM unnest(search_words)) AS words FROM ${tools} WHERE id = ${tool!.id}`,
        )) as { rows: Array<{ words: string[] }> };
        indexed = rows[0]!.words;
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });
    expect(searchWords(text).sort()).toEqual(indexed.sort());
  });
});

describe('the pages under a stream of orders', () => {
  const buyer = {
    id: '',
    name: 'Page Buyer',
    email: 'page-buyer@example.com',
    role: 'user' as const,
    emailVerified: true,
  };
  const order = (toolId: string, quantity: number) =>
    ctx.app.orders.place(buyer, { toolId, quantity, address: '1 Main St', number: '5' });

  beforeAll(async () => {
    buyer.id = (await createUser(ctx, { name: buyer.name })).id;
  });

  it('shows each order in the stock of a cached page without reading the page again', async () => {
    const before = (await page('?q=claw')).body.tools[0]!;
    const loads = ctx.app.tools.catalogueLoads;
    await order(before._id, 100);
    expect((await page('?q=claw')).body.tools[0]!.availableQuantity).toBe(before.availableQuantity - 100);
    expect(ctx.app.tools.catalogueLoads).toBe(loads);
  });

  it('drops a tool from the in-stock pages once an order takes it below its minimum, and shows it again when it comes back', async () => {
    const grinder = (await page('?q=grinder&inStock=true')).body.tools[0]!;
    const bought = await order(grinder._id, grinder.availableQuantity - 50);
    expect((await page('?q=grinder&inStock=true')).body.total).toBe(0);
    expect((await page('?q=grinder')).body.tools[0]!.availableQuantity).toBe(50);
    await ctx.app.orders.remove(bought.id, buyer.id);
    expect((await page('?q=grinder&inStock=true')).body.tools[0]?.availableQuantity).toBe(
      grinder.availableQuantity,
    );
  });

  it('shows an added, renamed or deleted tool on the next read', async () => {
    await page('?q=chisel');
    const [chisel] = await ctx.app.tools.add([
      row(-1, { name: 'Wood Chisel 20 mm', details: 'Bevel edge', priceCents: 1200 }),
    ]);
    expect(names((await page('?q=chisel')).body)).toEqual(['Wood Chisel 20 mm']);
    await ctx.app.tools.edit(chisel!.id, {
      fields: {
        name: 'Mortise Chisel 20 mm',
        priceCents: 1200,
        minOrderQuantity: 100,
        details: 'Bevel edge',
        image: chisel!.image,
      },
      availableQuantity: 1000,
      loadedAvailableQuantity: 1000,
      version: 1,
    });
    expect(names((await page('?q=mortise')).body)).toEqual(['Mortise Chisel 20 mm']);
    await ctx.app.tools.remove(chisel!.id);
    expect((await page('?q=chisel')).body.total).toBe(0);
  });

  it('sorts a search by name as the tools are named now, after a tool is added or renamed', async () => {
    const byName = async () => names((await page('?q=hex&sort=name')).body);
    expect(await byName()).toEqual(['Hex Bolt M10 x 50 mm', 'Hex Flange Nut M8']);
    const [added] = await ctx.app.tools.add([
      row(-2, { name: 'Hex Key Set', details: 'Nine keys', priceCents: 900 }),
    ]);
    expect(await byName()).toEqual(['Hex Bolt M10 x 50 mm', 'Hex Flange Nut M8', 'Hex Key Set']);
    await ctx.app.tools.edit(added!.id, {
      fields: {
        name: 'Allen Hex Key Set',
        priceCents: 900,
        minOrderQuantity: 100,
        details: 'Nine keys',
        image: added!.image,
      },
      availableQuantity: 1000,
      loadedAvailableQuantity: 1000,
      version: 1,
    });
    expect(await byName()).toEqual(['Allen Hex Key Set', 'Hex Bolt M10 x 50 mm', 'Hex Flange Nut M8']);
    await ctx.app.tools.remove(added!.id);
  });
});

describe('GET /api/parts on a large catalogue', () => {
  let large: TestContext;
  const SIZE = 3000;

  beforeAll(async () => {
    large = await createTestApp();
    await large.app.tools.growCatalogue(SIZE, { soldOut: 0.1 });
  });

  afterAll(() => large.close());

  it('answers every tool, newest first, read and sent a chunk at a time', async () => {
    const response = await large.app.inject({ url: '/api/parts' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const listed = response.json<Tool[]>();
    const stored = await large.app.database.db
      .select({ id: tools.id })
      .from(tools)
      .orderBy(desc(tools.createdAt), desc(tools.id));
    expect(listed.map((tool) => tool._id)).toEqual(stored.map((tool) => tool.id));
    expect((await large.app.inject({ url: '/api/parts?limit=3' })).json<Tool[]>()).toEqual(
      listed.slice(0, 3),
    );
  });

  it('sends the list compressed as the client accepts it, while it is read', async () => {
    const plain = await large.app.inject({ url: '/api/parts' });
    const br = await large.app.inject({ url: '/api/parts', headers: { 'accept-encoding': 'gzip, br' } });
    const gzip = await large.app.inject({
      url: '/api/parts',
      headers: { 'accept-encoding': 'br;q=0, gzip' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    for (const answer of [plain, br, gzip]) expect(answer.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(plain.json<Tool[]>()).toHaveLength(SIZE);
  });

  it('reads and writes the list one chunk of tools at a time, so that no turn of the process is long', async () => {
    const reply = await large.app.tools.list();
    if (!('stream' in reply)) throw new Error('a list of 3,000 tools is kept whole');
    const pieces: string[] = [];
    for await (const piece of reply.stream) pieces.push(piece);
    const toolsIn = (piece: string) => piece.match(/"_id":/g)?.length ?? 0;
    expect(Math.max(...pieces.map(toolsIn))).toBe(FULL_LIST_CHUNK);
    expect(pieces.filter((piece) => toolsIn(piece) > 0)).toHaveLength(SIZE / FULL_LIST_CHUNK);
    expect(JSON.parse(pieces.join('')) as Tool[]).toHaveLength(SIZE);
  });

  it('lets other requests through while it sends the list', async () => {
    let listed = false;
    const list = large.app.inject({ url: '/api/parts' }).then((response) => {
      listed = true;
      return response;
    });
    const health = await large.app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(listed).toBe(false);
    expect((await list).json<Tool[]>()).toHaveLength(SIZE);
  });

  it("sends one client's full lists in its turns: those beyond them are refused, another client's is sent", async () => {
    const lists = Array.from({ length: 40 }, () =>
      large.app.inject({ url: '/api/parts', remoteAddress: '203.0.113.20' }),
    );
    const other = await large.app.inject({ url: '/api/parts', remoteAddress: '198.51.100.20' });
    const answers = await Promise.all(lists);
    expect(other.json<Tool[]>()).toHaveLength(SIZE);
    const refused = answers.filter((answer) => answer.statusCode === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]!.headers['retry-after']).toBe('1');
    for (const answer of answers.filter((each) => each.statusCode !== 429))
      expect(answer.json<Tool[]>()).toHaveLength(SIZE);
  });

  it('gives back the turn of a list whose client went away in the middle of it', async () => {
    const base = await large.app.listen({ port: 0, host: '127.0.0.1' });
    const remoteAddress = '127.0.0.1';
    // More lists dropped than the client has turns: each would keep one if it were not given back.
    for (let dropped = 0; dropped < 4; dropped++) {
      const controller = new AbortController();
      const response = await fetch(`${base}/api/parts`, { signal: controller.signal });
      const reader = response.body!.getReader();
      await reader.read();
      controller.abort();
      await reader.closed.catch(() => undefined);
    }
    const lists = await Promise.all(
      Array.from({ length: 3 }, () => large.app.inject({ url: '/api/parts', remoteAddress })),
    );
    expect(lists.map((list) => list.json<Tool[]>().length)).toEqual([SIZE, SIZE, SIZE]);
  });

  const FULL_SORTS: Record<CatalogueSort, SQL[]> = {
    newest: [desc(tools.createdAt), desc(tools.id)],
    'price-asc': [asc(tools.priceCents), desc(tools.createdAt), desc(tools.id)],
    'price-desc': [desc(tools.priceCents), asc(tools.createdAt), asc(tools.id)],
    name: [asc(sql`lower(${tools.name})`), asc(tools.id)],
  };
  const inStock = gte(tools.availableQuantity, tools.minOrderQuantity);
  const FILTERS: Array<[query: string, where: SQL | undefined]> = [
    ['', undefined],
    ['minPrice=1&maxPrice=25', and(gte(tools.priceCents, 100), lte(tools.priceCents, 2500))],
    ['inStock=true', inStock],
    ['inStock=true&maxPrice=25', and(inStock, lte(tools.priceCents, 2500))],
  ];

  it.each(CATALOGUE_SORTS)(
    'pages through the catalogue by %s, by price range and stock, as the full sort of every tool that passes gives it',
    async (sort) => {
      const totals = new Set<number>();
      for (const [query, where] of FILTERS) {
        const expected = await large.app.database.db
          .select({ id: tools.id })
          .from(tools)
          .where(where)
          .orderBy(...FULL_SORTS[sort]);
        totals.add(expected.length);
        const ids: string[] = [];
        for (let number = 1; ; number++) {
          const response = await large.app.inject({
            url: `/api/catalogue?sort=${sort}&pageSize=100&page=${number}&${query}`,
          });
          const body = response.json<CataloguePage>();
          expect(body.total).toBe(expected.length);
          if (body.tools.length === 0) break;
          ids.push(...body.tools.map((tool) => tool._id));
        }
        expect(ids).toEqual(expected.map((tool) => tool.id));
      }
      // Each filter left out tools of its own.
      expect(totals.size).toBe(FILTERS.length);
    },
  );

  // "1" begins more than a thousand of this catalogue's words (its codes), and is tested on the other words' tools.
  it.each(['nut', 'hex bolt m10', '1', 'nut m8', 'wrech', 'nut 1'])(
    'pages through every match of %j as the full sort of all matches gives them, in every order',
    async (q) => {
      const words = q.split(' ').map((word) => `${word}:*`);
      if (q === 'wrech') words.splice(0, 1, '(wrech:* | wrench:*)');
      const matches = large.app.database.db
        .select({ id: tools.id })
        .from(tools)
        .where(sql`search_words @@ to_tsquery('simple', ${words.join(' & ')})`);
      for (const sort of CATALOGUE_SORTS) {
        const expected = await matches.orderBy(...FULL_SORTS[sort]);
        expect(expected.length).toBeGreaterThan(24);
        const shown = expected.slice(0, SEARCH_COUNT_LIMIT).map((tool) => tool.id);
        const ids: string[] = [];
        for (let number = 1; ids.length < shown.length; number++) {
          const response = await large.app.inject({
            url: `/api/catalogue?q=${encodeURIComponent(q)}&sort=${sort}&page=${number}`,
          });
          const body = response.json<CataloguePage>();
          expect(body).toMatchObject({
            total: shown.length,
            moreThanTotal: expected.length > SEARCH_COUNT_LIMIT,
          });
          expect(body.tools.length).toBeGreaterThan(0);
          ids.push(...body.tools.map((tool) => tool._id));
        }
        expect(ids).toEqual(shown);
      }
    },
  );

  it('pages a search that matches too many to keep from the database, as it pages the matches it keeps', async () => {
    // Kept by the app's service; by these only up to 100 matches ("hex bolt m10"), the rest paged by the database:
    // by the first, walking the whole catalogue at most; by the second, walking 300 tools at most, so that a walk
    // finds some pages (cheap nuts by price, upwards) and not others (nuts by price, downwards: sorted instead).
    const keepingFew = new ToolsService(large.app.database.db, { matchesPerSearch: 100 });
    const walkingLittle = new ToolsService(large.app.database.db, { matchesPerSearch: 100, walkLimit: 300 });
    const filters = [{}, { inStock: true }, { minPrice: 0.5, maxPrice: 25 }, { inStock: true, maxPrice: 1 }];
    let compared = 0;
    for (const q of ['nut', 'hex bolt m10', '1', 'wrech', 'nut 1', 'm'])
      for (const sort of CATALOGUE_SORTS)
        for (const filter of filters)
          for (const page of [1, 3, 40]) {
            const query = { q, sort, inStock: false, ...filter, page, pageSize: 24 };
            const [kept, ...fromDatabase] = await Promise.all([
              large.app.tools.page(query),
              keepingFew.page(query),
              walkingLittle.page(query),
            ]);
            for (const answer of fromDatabase) expect(JSON.parse(answer.body)).toEqual(JSON.parse(kept.body));
            compared += (JSON.parse(kept.body) as CataloguePage).tools.length;
          }
    expect(compared).toBeGreaterThan(2000);
  });

  it('counts a broad search up to 1,000 matches, says that more matched, and pages through those 1,000', async () => {
    const [stored] = await large.app.database.db
      .select({ count: count() })
      .from(tools)
      .where(sql`search_words @@ to_tsquery('simple', 'm:*')`);
    expect(stored!.count).toBeGreaterThan(SEARCH_COUNT_LIMIT);
    const at = async (number: number) =>
      (await large.app.inject({ url: `/api/catalogue?q=m&page=${number}` })).json<CataloguePage>();
    expect(await at(1)).toMatchObject({ total: 1000, moreThanTotal: true, page: 1, pageSize: 24 });
    expect((await at(42)).tools).toHaveLength(1000 - 41 * 24);
    expect((await at(43)).tools).toEqual([]);
    const narrow = (
      await large.app.inject({ url: '/api/catalogue?q=hex%20bolt%20m10' })
    ).json<CataloguePage>();
    expect(narrow.moreThanTotal).toBe(false);
    expect((await page()).body.moreThanTotal).toBe(false);
  });

  it('searches and pages the large catalogue like the small one', async () => {
    const { body } = await large.app
      .inject({ url: '/api/catalogue?q=hex%20bolt%20m10&sort=price-asc&pageSize=100' })
      .then((response) => ({ body: response.json<CataloguePage>() }));
    expect(body.total).toBeGreaterThan(0);
    expect(body.tools.every((tool) => /hex bolt/i.test(tool.name) && /m10/i.test(tool.name))).toBe(true);
    const prices = body.tools.map((tool) => tool.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });
});
