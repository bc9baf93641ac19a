import { randomBytes } from 'node:crypto';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Tool } from '#shared/schemas/tools.ts';
import { openImageStorage } from '#server/adapters/storage/open-image-storage.ts';
import { createUser, type TestUser } from '#server/testing/accounts.ts';
import { IMAGE_STORES, type ImageStoreUnderTest } from '#server/testing/image-stores.ts';
import { uploadJpeg } from '#server/testing/multipart.ts';
import { createTestApp, type TestContext } from '#server/testing/test-app.ts';
import { sweepUnusedImages } from './image-sweep.ts';

const HOUR = 60 * 60 * 1000;
const MINUTE = 60 * 1000;

let store: ImageStoreUnderTest;
let ctx: TestContext;
let admin: TestUser;
let buyer: TestUser;
let jpeg: Buffer;

beforeAll(async () => {
  jpeg = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#16a34a' } })
    .jpeg()
    .toBuffer();
});

/** A sweep as a server process runs it, on its own handle to the store. */
async function sweep(now = new Date()) {
  const storage = await openImageStorage(ctx.config);
  try {
    return await sweepUnusedImages({
      storage,
      usedBy: [ctx.app.tools, ctx.app.users, ctx.app.orders],
      graceHours: ctx.config.uploadGraceHours,
      now,
    });
  } finally {
    storage.close?.();
  }
}

async function uploadPhoto() {
  const response = await uploadJpeg(ctx.app, buyer.headers, jpeg);
  expect(response.statusCode).toBe(200);
  return response.json<{ data: { url: string } }>().data.url;
}

const stored = () => store.contents(ctx.config);

async function uploadedHoursAgo(url: string, hours: number) {
  await store.setStoredAt(ctx.config, path.basename(url), new Date(Date.now() - hours * HOUR));
}

/** How each image URL answers, by name. */
async function answers(urls: Record<string, string>) {
  const statuses: Record<string, number> = {};
  for (const [name, url] of Object.entries(urls)) statuses[name] = (await ctx.app.inject({ url })).statusCode;
  return statuses;
}

const toolWith = (image: string) => ({
  name: 'SpinMax 115 mm Angle Grinder',
  price: 54.99,
  availableQuantity: 300,
  minOrderQuantity: 5,
  details: '850 W, 11,000 rpm, spindle lock.',
  image,
});

async function addTool(image: string) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/parts',
    headers: admin.headers,
    payload: toolWith(image),
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ insertedId: string }>().insertedId;
}

async function changeToolImage(id: string, image: string) {
  const { version, availableQuantity } = (await ctx.app.inject({ url: `/api/parts/${id}` })).json<Tool>();
  const response = await ctx.app.inject({
    method: 'PATCH',
    url: `/api/parts/${id}`,
    headers: admin.headers,
    payload: { ...toolWith(image), version, loadedAvailableQuantity: availableQuantity },
  });
  expect(response.statusCode).toBe(200);
}

async function order(toolId: string) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: buyer.headers,
    payload: { toolId, quantity: 5, address: '1 Main St', number: '555-0100' },
  });
  expect(response.statusCode).toBe(200);
}

async function setProfileImage(who: TestUser, img: string) {
  const response = await ctx.app.inject({
    method: 'PUT',
    url: `/api/user/${who.email}`,
    headers: who.headers,
    payload: { img },
  });
  expect(response.statusCode).toBe(200);
}

/** An image stored the way uploads were before sweeps existed, `hours` ago. */
async function storedBeforeSweeps(hours: number) {
  const url = `/uploads/${randomBytes(16).toString('base64url')}.webp`;
  await store.put(ctx.config, path.basename(url), await sharp(jpeg).webp().toBuffer());
  await uploadedHoursAgo(url, hours);
  return url;
}

describe.each(IMAGE_STORES)('sweeping unused images on $name', ({ start }) => {
  beforeAll(async () => {
    store = await start();
    ctx = await createTestApp(store.env);
    [admin, buyer] = await Promise.all([createUser(ctx, { admin: true }), createUser(ctx)]);
  });
  afterAll(async () => {
    await ctx.close();
    await store.stop();
  });

  it('deletes an image no tool, profile or order shows once it is older than the grace time, and no other', async () => {
    // One after the other, as one account may have only two uploads in at once.
    const [toolImage, profileImage, orderImage, youngUnused, oldUnused] = [
      await uploadPhoto(),
      await uploadPhoto(),
      await uploadPhoto(),
      await uploadPhoto(),
      await uploadPhoto(),
    ];
    const toolId = await addTool(orderImage);
    await order(toolId);
    // The order keeps its copy of the picture the tool had when it was ordered.
    await changeToolImage(toolId, toolImage);
    await setProfileImage(buyer, profileImage);
    for (const url of [toolImage, profileImage, orderImage, oldUnused]) await uploadedHoursAgo(url, 48);

    await sweep();

    expect(await answers({ toolImage, profileImage, orderImage, youngUnused, oldUnused })).toEqual({
      toolImage: 200,
      profileImage: 200,
      orderImage: 200,
      youngUnused: 200,
      oldUnused: 404,
    });
    expect(await stored()).not.toContain(path.basename(oldUnused));
  });

  it('keeps an unused image for 24 hours after its upload by default', async () => {
    const uploadedFrom = Date.now();
    const unused = await uploadPhoto();
    const uploadedBy = Date.now();

    await sweep(new Date(uploadedBy + 24 * HOUR - MINUTE));
    expect(await answers({ unused })).toEqual({ unused: 200 });
    await sweep(new Date(uploadedFrom + 24 * HOUR + MINUTE));
    expect(await answers({ unused })).toEqual({ unused: 404 });
  });

  it('covers images stored before sweeps existed, and leaves files that are not stored images alone', async () => {
    const [used, unused] = await Promise.all([storedBeforeSweeps(24 * 365), storedBeforeSweeps(24 * 365)]);
    await addTool(used);
    const notOurs = ['notes.txt', '.DS_Store'];
    for (const name of notOurs) {
      await store.put(ctx.config, name, 'not an image');
      await store.setStoredAt(ctx.config, name, new Date(0));
    }

    await sweep();

    expect(await answers({ used, unused })).toEqual({ used: 200, unused: 404 });
    expect(await stored()).toEqual(expect.arrayContaining(notOurs));
  });

  it('is safe when several server processes sweep the same images at once', async () => {
    const [used, unused] = await Promise.all([storedBeforeSweeps(48), storedBeforeSweeps(48)]);
    await setProfileImage(admin, used);

    await Promise.all([sweep(), sweep(), sweep()]);

    expect(await answers({ used, unused })).toEqual({ used: 200, unused: 404 });
  });

  it('runs in every server process from its start', async () => {
    const unused = await storedBeforeSweeps(48);

    await ctx.startAnotherApp();

    await vi.waitFor(async () => expect(await answers({ unused })).toEqual({ unused: 404 }), {
      timeout: 5000,
    });
  });
});
