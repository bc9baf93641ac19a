import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staticPlugin } from './static.ts';

let root: string;
let app: FastifyInstance;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'shop-static-'));
  await mkdir(path.join(root, 'assets'));
  await writeFile(path.join(root, 'index.html'), '<!doctype html><title>Shop</title>');
  await writeFile(path.join(root, 'assets', 'index-abc123.js'), 'console.log(1)');
  app = Fastify();
  await app.register(staticPlugin, { root });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await rm(root, { recursive: true, force: true });
});

describe('the built app', () => {
  it("answers the app's routes with index.html, so that a reload keeps the page", async () => {
    const response = await app.inject({ url: '/dashboard/my-orders' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
  });

  it('serves a hashed asset for a year', async () => {
    const response = await app.inject({ url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each(['/assets/index-gone99.js', '/API/health', '/Uploads/x.webp', '/api?page=1', '/ASSETS'])(
    'answers %s, a server path with nothing there (an asset of a build since replaced, say), with a JSON 404',
    async (url) => {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
    },
  );
});
