import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { Order } from '#shared/schemas/orders.ts';
import type { Tool } from '#shared/schemas/tools.ts';
import { createTestDatabase, type TestDatabase } from './testing/test-database.ts';
import { cookiesOf, httpCall } from './testing/http-calls.ts';
import { readOutbox } from './testing/outbox.ts';
import { ServerProcess } from './testing/server-process.ts';

const ORIGIN = 'http://shop.crash.test';
const BUYER = { name: 'Casey Crash', email: 'casey@crash.test', password: 'Secret123' };
const BUYERS_AT_ONCE = 8;
/** The process is killed once this many orders have been answered 200. */
const ANSWERED_BEFORE_THE_KILL = 40;

let dataDir: string;
let testDatabase: TestDatabase;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-crash-'));
  testDatabase = await createTestDatabase();
}, 90_000);
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await testDatabase.destroy();
  await rm(dataDir, { recursive: true, force: true });
}, 90_000);

/** The real server on this file's data folder (and the test's PostgreSQL database with DATABASE_URL). */
async function startServer() {
  const server = ServerProcess.start({
    DATA_DIR: dataDir,
    BASE_URL: ORIGIN,
    MAX_UNPAID_ORDERS: '0',
    WRITE_RATE_LIMIT: '100000',
    AUTH_RATE_LIMIT: '100000',
    ...(testDatabase.url && { DATABASE_URL: testDatabase.url }),
  });
  servers.push(server);
  return { server, base: `http://127.0.0.1:${await server.port()}` };
}

/** Signs the buyer up and confirms the address through the mailed link (only then may it order). */
async function signUp(base: string): Promise<void> {
  const response = await httpCall(base, ORIGIN)('POST', '/api/auth/sign-up/email', { body: BUYER });
  expect(response.status).toBe(200);
  const link = await vi.waitFor(
    async () => {
      const mail = (await readOutbox(path.join(dataDir, 'mail'))).find(({ to }) => to === BUYER.email);
      return /https?:\/\/\S+\/verify-email\?token=\S+/.exec(mail?.text ?? '')![0];
    },
    { timeout: 15_000, interval: 50 },
  );
  const verified = await httpCall(base, ORIGIN)('GET', `/api/auth/verify-email${new URL(link).search}`);
  expect(verified.status).toBeLessThan(400);
}

async function signIn(base: string): Promise<string> {
  const { email, password } = BUYER;
  const response = await httpCall(base, ORIGIN)('POST', '/api/auth/sign-in/email', {
    body: { email, password },
  });
  expect(response.status).toBe(200);
  return cookiesOf(response);
}

async function toolOn(base: string, id: string): Promise<Tool> {
  const response = await httpCall(base, ORIGIN)('GET', `/api/parts/${id}`);
  expect(response.status).toBe(200);
  return (await response.json()) as Tool;
}

it('keeps every order it answered, and stock that adds up, when killed while orders stream in', async () => {
  const first = await startServer();
  const callFirst = httpCall(first.base, ORIGIN);
  await signUp(first.base);
  const buyer = await signIn(first.base);
  // The demo tool whose stock takes the most orders of its minimum.
  const orders = ({ availableQuantity, minOrderQuantity }: Tool) =>
    Math.floor(availableQuantity / minOrderQuantity);
  const tools = (await (await callFirst('GET', '/api/parts')).json()) as Tool[];
  const tool = tools.reduce((best, each) => (orders(each) > orders(best) ? each : best));
  const stockBefore = tool.availableQuantity;
  const quantity = tool.minOrderQuantity;
  const order = { toolId: tool._id, quantity, address: '1 Crash Lane', number: '555-0100' };
  expect(orders(tool)).toBeGreaterThan(ANSWERED_BEFORE_THE_KILL + BUYERS_AT_ONCE + 1);

  // Buyers order one after another until the connection fails; the process is killed (SIGKILL, nothing
  // flushed or closed on its way out) as soon as enough orders have been answered.
  const answered: string[] = [];
  let killed: Promise<unknown> | undefined;
  const orderUntilCut = async () => {
    for (;;) {
      const response = await callFirst('POST', '/api/order', { cookie: buyer, body: order }).catch(
        () => undefined,
      );
      if (!response) return;
      if (response.status !== 200)
        throw new Error(`an order answered ${response.status}: ${await response.text()}`);
      answered.push(((await response.json()) as { insertedId: string }).insertedId);
      if (answered.length >= ANSWERED_BEFORE_THE_KILL && !killed) {
        first.server.signal('SIGKILL');
        killed = first.server.exited;
      }
    }
  };
  await Promise.all(Array.from({ length: BUYERS_AT_ONCE }, orderUntilCut));
  expect(await killed).toMatchObject({ signal: 'SIGKILL' });

  const second = await startServer();
  const callSecond = httpCall(second.base, ORIGIN);
  const again = await signIn(second.base);
  const mine = await callSecond('GET', `/api/singleOrder?email=${BUYER.email}`, { cookie: again });
  const kept = ((await mine.json()) as Order[]).filter((order) => order.toolId === tool._id);
  const keptIds = kept.map((order) => order._id);
  // Every order answered 200 is there, once; orders cut before their answer may be there too, whole.
  expect(new Set(keptIds).size).toBe(keptIds.length);
  expect(keptIds).toEqual(expect.arrayContaining(answered));
  for (const each of kept) expect(each).toMatchObject({ quantity, paid: false });
  // Their quantities, and nothing else, left the stock.
  const ordered = kept.reduce((sum, each) => sum + each.quantity, 0);
  expect((await toolOn(second.base, tool._id)).availableQuantity).toBe(stockBefore - ordered);
  // And the shop goes on taking orders.
  const after = await callSecond('POST', '/api/order', { cookie: again, body: order });
  expect(after.status).toBe(200);
  expect((await toolOn(second.base, tool._id)).availableQuantity).toBe(stockBefore - ordered - quantity);
}, 90_000);
