import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Tool } from '#shared/schemas/tools.ts';
import { projectRoot } from '#server/paths.ts';
import { createTestApp, type TestContext } from '#server/testing/test-app.ts';
import { demoTools } from './demo-tools.ts';
import { seedDemoCatalogue } from './seed.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function listNames() {
  return (await ctx.app.inject({ url: '/api/parts' })).json<Tool[]>().map((tool) => tool.name);
}

it('seeds the demo catalogue once, the last demo tool newest', async () => {
  expect(await seedDemoCatalogue(ctx.app.catalogue)).toEqual({ inserted: demoTools.length });
  expect(await listNames()).toEqual(demoTools.map((tool) => tool.name).reverse());

  expect(await seedDemoCatalogue(ctx.app.catalogue)).toEqual({ inserted: 0 });
  expect(await listNames()).toHaveLength(demoTools.length);
});

it('does not seed again on a later start even when the catalogue was emptied', async () => {
  await ctx.app.catalogue.write((tx) => tx.execute('DELETE FROM tools'));
  expect(await seedDemoCatalogue(ctx.app.catalogue)).toEqual({ inserted: 0 });
  expect(await listNames()).toEqual([]);
});

it('adds only the missing demo tools on demand', async () => {
  expect(await seedDemoCatalogue(ctx.app.catalogue, { always: true })).toEqual({
    inserted: demoTools.length,
  });
  expect(await seedDemoCatalogue(ctx.app.catalogue, { always: true })).toEqual({ inserted: 0 });
  expect(await listNames()).toHaveLength(demoTools.length);
});

it('has believable demo data: positive prices, a minimum order within stock, an image of our own', () => {
  expect(demoTools.length).toBeGreaterThanOrEqual(12);
  for (const tool of demoTools) {
    expect(tool.priceCents).toBeGreaterThan(0);
    expect(tool.minOrderQuantity).toBeGreaterThanOrEqual(1);
    expect(tool.minOrderQuantity).toBeLessThanOrEqual(tool.availableQuantity);
    expect(tool.image).toMatch(/^\/images\/tools\/[a-z0-9-]+\.svg$/);
    expect(existsSync(path.join(projectRoot, 'public', tool.image))).toBe(true);
  }
});
