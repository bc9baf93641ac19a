import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../testing/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

it('reports ok once the database answers', async () => {
  const response = await ctx.app.inject({ url: '/api/health' });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ status: 'ok' });
});

it('serves the OpenAPI document generated from the route schemas, and its UI', async () => {
  const document = await ctx.app.inject({ url: '/api/docs/json' });
  expect(document.statusCode).toBe(200);
  const openapi = document.json<{ openapi: string; paths: Record<string, unknown> }>();
  expect(openapi.openapi).toMatch(/^3\./);
  expect(Object.keys(openapi.paths)).toEqual(
    expect.arrayContaining(['/api/parts', '/api/parts/{id}', '/api/health']),
  );

  const ui = await ctx.app.inject({ url: '/api/docs', headers: { accept: 'text/html' } });
  expect(ui.statusCode).toBe(200);
  expect(ui.headers['content-type']).toMatch(/^text\/html/);
  expect(ui.body).toContain('swagger');
});

it('sends secure headers', async () => {
  const response = await ctx.app.inject({ url: '/api/health' });
  expect(response.headers['content-security-policy']).toContain("default-src 'self'");
  expect(response.headers['x-content-type-options']).toBe('nosniff');
});
