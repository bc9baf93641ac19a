import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tool } from '#shared/schemas/tools.ts';
import { LISTENER_APPLICATION_NAME } from '#server/db/client.ts';
import { S3StandIn } from '#server/testing/s3-stand-in.ts';
import { ORIGIN, signUp, startTwoShops, type Shop, type Shops } from './shop-processes.ts';

const execFileAsync = promisify(execFile);

let shops: Shops;
let admin: string;
let bucket: S3StandIn;

const TOOL = {
  name: 'Multi-process torque wrench',
  price: 25,
  availableQuantity: 1000,
  minOrderQuantity: 10,
  details: 'Half-inch drive',
  image: '/images/tools/torque-wrench.svg',
};

async function addTool(shop: Shop, fields: Partial<typeof TOOL> = {}): Promise<string> {
  const response = await shop.request('POST', '/api/parts', { cookie: admin, body: { ...TOOL, ...fields } });
  expect(response.status).toBe(200);
  return (await response.json<{ insertedId: string }>()).insertedId;
}

async function toolOn(shop: Shop, id: string): Promise<Tool> {
  const response = await shop.request('GET', `/api/parts/${id}`);
  expect(response.status).toBe(200);
  return response.json<Tool>();
}

/** An administrator's edit through `shop`, from the tool as `shop` shows it now. */
async function setPrice(shop: Shop, id: string, price: number): Promise<void> {
  const tool = await toolOn(shop, id);
  const { name, availableQuantity, minOrderQuantity, details, image, version } = tool;
  const response = await shop.request('PATCH', `/api/parts/${id}`, {
    cookie: admin,
    body: {
      name,
      price,
      availableQuantity,
      minOrderQuantity,
      details,
      image,
      version,
      loadedAvailableQuantity: availableQuantity,
    },
  });
  expect(response.status).toBe(200);
}

const priceOn = async (shop: Shop, id: string) => (await toolOn(shop, id)).price;

/** How many connections the processes listen on (each process: one for every channel). */
async function listenerConnections(client: pg.Client = shops.database): Promise<number | null> {
  const { rowCount } = await client.query(
    `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1`,
    [LISTENER_APPLICATION_NAME],
  );
  return rowCount;
}

/** Ends the processes' LISTEN connections, as a network fault would; answers how many there were. */
async function cutListeners(): Promise<number | null> {
  const { rowCount } = await shops.database.query(
    `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
     WHERE datname = current_database() AND application_name = $1`,
    [LISTENER_APPLICATION_NAME],
  );
  return rowCount;
}

const order = (shop: Shop, buyer: string, toolId: string, quantity = 10) =>
  shop.request('POST', '/api/order', {
    cookie: buyer,
    body: { toolId, quantity, address: '1 Mill Road', number: '+44 113 555 0100' },
  });

beforeAll(async () => {
  bucket = await S3StandIn.start();
  shops = await startTwoShops(bucket.env());
  admin = await signUp(shops, shops.a, 'admin@multi.test', 'Multi Admin');
  await shops.database.query(`UPDATE users SET role = 'admin' WHERE email = 'admin@multi.test'`);
});

afterAll(async () => {
  await shops?.stop();
  await bucket?.stop();
});

describe('two server processes on one PostgreSQL', () => {
  it('share the stock exactly: concurrent orders spread over both never oversell', async () => {
    const toolId = await addTool(shops.a);
    const buyers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => signUp(shops, i % 2 ? shops.b : shops.a, `buyer${i}@multi.test`)),
    );
    // 120 orders of 10 for a stock of 1,000, half through each process, all at once.
    const answers = await Promise.all(
      Array.from({ length: 120 }, (_, i) => order(i % 2 ? shops.b : shops.a, buyers[i % 10]!, toolId)),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(100);
    expect(statuses.filter((status) => status === 400)).toHaveLength(20);

    const { rows } = await shops.database.query<{ stock: number; ordered: string }>(
      `SELECT available_quantity AS stock, (SELECT sum(quantity) FROM orders WHERE tool_id = $1) AS ordered
       FROM tools WHERE id = $1`,
      [toolId],
    );
    expect(rows[0]).toEqual({ stock: 0, ordered: '1000' });
    for (const shop of [shops.a, shops.b]) {
      await expect.poll(async () => (await toolOn(shop, toolId)).availableQuantity).toBe(0);
    }
  });

  it("show a price changed through one on the other's next read after the notification", async () => {
    const toolId = await addTool(shops.a);
    expect(await priceOn(shops.b, toolId)).toBe(25);
    await setPrice(shops.a, toolId, 31.5);
    await expect.poll(() => priceOn(shops.b, toolId), { timeout: 5000, interval: 20 }).toBe(31.5);
  });

  it('serve an image uploaded through one from the other, from the shared bucket', async () => {
    const jpeg = await sharp({
      create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 120, b: 40 } },
    })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'photo.jpg');
    const uploaded = await fetch(`${shops.a.base}/api/uploads`, {
      method: 'POST',
      headers: { origin: ORIGIN, cookie: admin },
      body: form,
    });
    expect(uploaded.status).toBe(200);
    const { data } = (await uploaded.json()) as { data: { url: string } };
    expect(data.url).toMatch(/^\/uploads\/[\w-]+\.webp$/);

    const [fromA, fromB] = await Promise.all([
      fetch(shops.a.base + data.url),
      fetch(shops.b.base + data.url),
    ]);
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get('content-type')).toBe('image/webp');
    expect(fromB.headers.get('cache-control')).toBe(fromA.headers.get('cache-control'));
    expect(Buffer.from(await fromB.arrayBuffer())).toEqual(Buffer.from(await fromA.arrayBuffer()));
    expect(await bucket.keys()).toContain(`uploads${data.url.slice('/uploads'.length)}`);
  });

  it('see a change made while their LISTEN connection was gone, once it is back', async () => {
    const toolId = await addTool(shops.a);
    expect(await priceOn(shops.b, toolId)).toBe(25);
    expect(await cutListeners()).toBe(2);
    // While B does not listen: B reads (and keeps) the tool, then A changes it.
    expect(await priceOn(shops.b, toolId)).toBe(25);
    await setPrice(shops.a, toolId, 44);
    await expect.poll(() => priceOn(shops.b, toolId), { timeout: 10_000, interval: 50 }).toBe(44);
    await expect.poll(() => listenerConnections()).toBe(2);
    // And it hears the next change as it happens.
    await setPrice(shops.a, toolId, 45);
    await expect.poll(() => priceOn(shops.b, toolId), { timeout: 5000, interval: 20 }).toBe(45);
  });

  it('refuse a blocked account on the other process at once, and after a gap in its LISTEN once it is back', async () => {
    const profileOnB = async (cookie: string, email: string) =>
      (await shops.b.request('GET', `/api/user/${email}`, { cookie })).status;
    const blockThroughA = async (email: string) => {
      const response = await shops.a.request('PUT', `/api/user/blocked/${email}`, {
        cookie: admin,
        body: { blocked: true },
      });
      expect(await response.json()).toEqual({ modifiedCount: 1 });
    };
    // B holds each buyer's session in its signed cookie cache, which no database read checks for a minute.
    const first = await signUp(shops, shops.b, 'blocked-first@multi.test');
    expect(await profileOnB(first, 'blocked-first@multi.test')).toBe(200);
    await blockThroughA('blocked-first@multi.test');
    await expect
      .poll(() => profileOnB(first, 'blocked-first@multi.test'), { timeout: 2000, interval: 20 })
      .toBe(401);

    const second = await signUp(shops, shops.b, 'blocked-second@multi.test');
    expect(await profileOnB(second, 'blocked-second@multi.test')).toBe(200);
    expect(await cutListeners()).toBe(2);
    await blockThroughA('blocked-second@multi.test');
    await expect
      .poll(() => profileOnB(second, 'blocked-second@multi.test'), { timeout: 10_000, interval: 50 })
      .toBe(401);
  });
});

describe('when PostgreSQL restarts', () => {
  const cluster = process.env.PG_CLUSTER?.split(' ');
  // Not execFileSync: a stop that blocked this process past the servers' keep-alive timeout kept the client
  // from closing its idle connections in time, and the next request went out on one the server had closed.
  const pgctl = async (action: 'stop' | 'start') => {
    if (!cluster) throw new Error('Set PG_CLUSTER to the cluster to restart, e.g. "15 main" (see .ci/run).');
    await execFileAsync('pg_ctlcluster', [...cluster, action]);
  };

  it('both processes survive: reads from their copies, 503 for writes, and all works again after', async () => {
    const toolId = await addTool(shops.a);
    const buyer = await signUp(shops, shops.b, 'restart@multi.test');
    const newest = async (shop: Shop) => shop.request('GET', '/api/parts?limit=6');
    for (const shop of [shops.a, shops.b]) expect((await newest(shop)).status).toBe(200);
    await shops.database.end();

    await pgctl('stop');
    try {
      for (const shop of [shops.a, shops.b]) {
        const read = await newest(shop);
        expect(read.status).toBe(200);
        expect((await read.json<Tool[]>()).map((tool) => tool._id)).toContain(toolId);
        const write = await order(shop, buyer, toolId);
        expect(write.status).toBe(503);
        expect(write.headers.get('retry-after')).toBe('5');
        expect((await shop.request('GET', '/api/health')).status).toBe(200);
        expect((await shop.request('GET', '/api/health/ready')).status).toBe(503);
      }
    } finally {
      await pgctl('start');
    }

    for (const shop of [shops.a, shops.b]) {
      await expect
        .poll(async () => (await shop.request('GET', '/api/health/ready')).status, { timeout: 30_000 })
        .toBe(200);
    }
    expect((await order(shops.b, buyer, toolId)).status).toBe(200);
    await setPrice(shops.a, toolId, 27);
    await expect.poll(() => priceOn(shops.b, toolId), { timeout: 10_000, interval: 50 }).toBe(27);
    for (const shop of [shops.a, shops.b]) expect(shop.process.output).not.toMatch(/"level":60/);
    // Each process tried to listen again every second while the database was down, and listens once now.
    const after = new pg.Client({ connectionString: shops.databaseUrl });
    await after.connect();
    try {
      expect(await listenerConnections(after)).toBe(2);
    } finally {
      await after.end();
    }
  });
});
