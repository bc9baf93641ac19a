import { writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LocalDiskStorage } from '#server/adapters/storage/local-disk.ts';
import { createUser, type TestUser } from '#server/testing/accounts.ts';
import { failWritesTo } from '#server/testing/database-failures.ts';
import { snapshotDatabase } from '#server/testing/db-snapshot.ts';
import { uploadJpeg } from '#server/testing/multipart.ts';
import { createTestApp, type TestContext } from '#server/testing/test-app.ts';
import { addTestTool } from '#server/testing/tools.ts';
import { DATABASE_UNREACHABLE_MESSAGE, SHORT_OF_RESOURCES_MESSAGE, STORAGE_FULL_MESSAGE } from './errors.ts';

let ctx: TestContext;
let buyer: TestUser;
let toolId: string;
const undo: Array<() => Promise<void>> = [];

beforeAll(async () => {
  ctx = await createTestApp();
  buyer = await createUser(ctx);
  toolId = (await addTestTool(ctx.app)).id;
});
afterEach(async () => {
  for (const step of undo.splice(0)) await step();
  vi.restoreAllMocks();
});
afterAll(() => ctx.close());

const placeOrder = () =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: buyer.headers,
    payload: { toolId, quantity: 10, address: '1 Main St', number: '555-0100' },
  });

describe('when the database cannot write', () => {
  it('answers 507 Insufficient Storage on a full disk, and changes nothing', async () => {
    undo.push(await failWritesTo(ctx.app.database.db, 'orders', 'disk_full'));
    const before = await snapshotDatabase(ctx.app.database.db);
    const response = await placeOrder();
    expect(response.statusCode).toBe(507);
    expect(response.json()).toEqual({
      statusCode: 507,
      error: 'Insufficient Storage',
      message: STORAGE_FULL_MESSAGE,
    });
    expect(await snapshotDatabase(ctx.app.database.db)).toBe(before);
  });

  it('answers 503 with Retry-After when it lacks other resources, such as memory', async () => {
    undo.push(await failWritesTo(ctx.app.database.db, 'orders', 'out_of_memory'));
    const response = await placeOrder();
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('30');
    expect(response.json()).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      message: SHORT_OF_RESOURCES_MESSAGE,
    });
  });

  it('answers 503 with a short Retry-After while the database cannot be reached, and changes nothing', async () => {
    undo.push(await failWritesTo(ctx.app.database.db, 'orders', 'admin_shutdown'));
    const before = await snapshotDatabase(ctx.app.database.db);
    const response = await placeOrder();
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      message: DATABASE_UNREACHABLE_MESSAGE,
    });
    expect(await snapshotDatabase(ctx.app.database.db)).toBe(before);
  });

  it('takes the order again once it can', async () => {
    expect((await placeOrder()).statusCode).toBe(200);
  });
});

it('answers an upload that the full disk refuses with 507 in the upload’s own shape', async () => {
  // The operating system's own "no space left on device": /dev/full refuses every write.
  vi.spyOn(LocalDiskStorage.prototype, 'save').mockImplementation(async () => {
    await writeFile('/dev/full', 'image');
    return '/uploads/never.webp';
  });
  const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#123456' } })
    .jpeg()
    .toBuffer();
  const response = await uploadJpeg(ctx.app, buyer.headers, jpeg);
  expect(response.statusCode).toBe(507);
  expect(response.json()).toEqual({ success: false, message: STORAGE_FULL_MESSAGE });
});
