import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Tool } from '#shared/schemas/tools.ts';
import { projectRoot } from '#server/paths.ts';
import { createTestApp, type TestContext } from '#server/testing/test-app.ts';
import { demoTools } from './demo-tools.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function list() {
  return (await ctx.app.inject({ url: '/api/parts' })).json<Tool[]>();
}

async function listNames() {
  return (await list()).map((tool) => tool.name);
}

it('seeds the demo catalogue once, the last demo tool newest', async () => {
  expect(await ctx.app.tools.seedDemoCatalogue()).toEqual({ inserted: demoTools.length });
  expect(await listNames()).toEqual(demoTools.map((tool) => tool.name).reverse());

  expect(await ctx.app.tools.seedDemoCatalogue()).toEqual({ inserted: 0 });
  expect(await listNames()).toHaveLength(demoTools.length);
});

it('does not seed again on a later start even when the catalogue was emptied', async () => {
  for (const tool of await list()) await ctx.app.tools.remove(tool._id);
  expect(await ctx.app.tools.seedDemoCatalogue()).toEqual({ inserted: 0 });
  expect(await listNames()).toEqual([]);
});

it('adds only the missing demo tools on demand', async () => {
  expect(await ctx.app.tools.seedDemoCatalogue({ always: true })).toEqual({
    inserted: demoTools.length,
  });
  expect(await ctx.app.tools.seedDemoCatalogue({ always: true })).toEqual({ inserted: 0 });
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
