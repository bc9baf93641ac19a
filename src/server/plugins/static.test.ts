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

  it('answers an asset that is not there (one of a build since replaced) with a 404, not the page', async () => {
    const response = await app.inject({ url: '/assets/index-gone99.js' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
  });
});
