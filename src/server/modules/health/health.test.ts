import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { freeBytes } from '#server/disk-space.ts';
import { failWritesTo } from '#server/testing/database-failures.ts';
import { createTestApp, type TestContext } from '#server/testing/test-app.ts';

vi.mock(import('#server/disk-space.ts'), async (importOriginal) => {
  const real = await importOriginal();
  return { freeBytes: vi.fn(real.freeBytes) };
});

let ctx: TestContext;
const undo: Array<() => Promise<void>> = [];
beforeAll(async () => {
  ctx = await createTestApp();
});
afterEach(async () => {
  for (const step of undo.splice(0)) await step();
});
afterAll(() => ctx.close());

describe('GET /api/health (liveness)', () => {
  it('answers ok while the process runs', async () => {
    const response = await ctx.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('still answers ok when the database cannot write: restarting the process would not help', async () => {
    undo.push(await failWritesTo(ctx.app.database.db, 'app_meta', 'disk_full'));
    expect((await ctx.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });
});

describe('GET /api/health/ready (readiness)', () => {
  const ready = () => ctx.app.inject({ url: '/api/health/ready' });
  const readinessWrite = async () => {
    const result = await ctx.app.database.db.execute(
      sql`SELECT value FROM app_meta WHERE key = 'readiness_checked_at'`,
    );
    return (result as { rows: Array<{ value: string }> }).rows[0]?.value;
  };

  it('answers ready once the database is reachable, migrated and takes a write', async () => {
    const response = await ready();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready' });
    const written = await readinessWrite();
    expect(Date.parse(written ?? '')).toBeGreaterThan(Date.now() - 60_000);
  });

  it('checks once for all who ask at the same time, and afresh for the next', async () => {
    vi.mocked(freeBytes).mockClear();
    const answers = await Promise.all(Array.from({ length: 20 }, ready));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
    expect(vi.mocked(freeBytes)).toHaveBeenCalledTimes(1);
    expect((await ready()).statusCode).toBe(200);
    expect(vi.mocked(freeBytes)).toHaveBeenCalledTimes(2);
  });

  it('answers 503 with the reason while the database cannot write', async () => {
    undo.push(await failWritesTo(ctx.app.database.db, 'app_meta', 'disk_full'));
    const response = await ready();
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      message: 'The database cannot save changes: its disk is full.',
    });
  });

  it('answers 503 while the disk of the data folder is full, though the database still takes a write', async () => {
    vi.mocked(freeBytes).mockResolvedValueOnce(64 * 1024);
    const response = await ready();
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ message: "The disk that holds the shop's data is full." });
    expect(vi.mocked(freeBytes)).toHaveBeenLastCalledWith(ctx.config.dataDir);
  });

  it('answers 503 with the reason while a migration is missing', async () => {
    const db = ctx.app.database.db;
    const latest = await db.execute(
      sql`DELETE FROM drizzle.__drizzle_migrations WHERE created_at = (SELECT max(created_at) FROM drizzle.__drizzle_migrations) RETURNING hash, created_at`,
    );
    const [row] = (latest as { rows: Array<{ hash: string; created_at: string }> }).rows;
    undo.push(async () => {
      await db.execute(
        sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES (${row!.hash}, ${row!.created_at})`,
      );
    });
    const response = await ready();
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      message: 'The database is not up to date: its migrations have not all been applied.',
    });
  });
});

it('serves the OpenAPI document generated from the route schemas, and its UI', async () => {
  const document = await ctx.app.inject({ url: '/api/docs/json' });
  expect(document.statusCode).toBe(200);
  const openapi = document.json<{ openapi: string; paths: Record<string, unknown> }>();
  expect(openapi.openapi).toMatch(/^3\./);
  expect(Object.keys(openapi.paths)).toEqual(
    expect.arrayContaining(['/api/parts', '/api/parts/{id}', '/api/health', '/api/health/ready']),
  );

  const ui = await ctx.app.inject({ url: '/api/docs', headers: { accept: 'text/html' } });
  expect(ui.statusCode).toBe(200);
  expect(ui.headers['content-type']).toMatch(/^text\/html/);
  expect(ui.body).toContain('swagger');
});

it('sends secure headers: every response the general ones, a page its own policies too', async () => {
  const json = await ctx.app.inject({ url: '/api/health' });
  expect(json.headers).toMatchObject({
    'x-content-type-options': 'nosniff',
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
  });
  expect(json.headers['content-security-policy']).toBeUndefined();
  expect(json.headers['x-frame-options']).toBeUndefined();

  const page = await ctx.app.inject({ url: '/api/docs', headers: { accept: 'text/html' } });
  expect(page.headers['content-type']).toMatch(/^text\/html/);
  expect(page.headers['content-security-policy']).toContain("default-src 'self'");
  expect(page.headers).toMatchObject({
    'x-frame-options': 'SAMEORIGIN',
    'x-content-type-options': 'nosniff',
  });
});
