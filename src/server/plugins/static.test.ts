import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staticPlugin } from './static.ts';

const SHELL = '<!doctype html><title>Shop</title><div id="root"></div>';
const CONTACT = '<!doctype html><title>Contact</title><div id="root"><h1>Contact Us</h1></div>';
const SIGN_IN = '<!doctype html><title>Sign In</title><div id="root"><h1>Sign In</h1></div>';

let build: string;
let root: string;
let app: FastifyInstance;
beforeAll(async () => {
  build = await mkdtemp(path.join(os.tmpdir(), 'shop-static-'));
  root = path.join(build, 'client');
  await mkdir(path.join(root, 'assets'), { recursive: true });
  await writeFile(path.join(root, 'index.html'), SHELL);
  await writeFile(path.join(root, 'assets', 'index-abc123.js'), 'console.log(1)');
  const pages = path.join(build, 'pages');
  await mkdir(pages);
  await writeFile(path.join(pages, 'contact.html'), CONTACT);
  await writeFile(path.join(pages, 'contact.html.br'), brotliCompressSync(CONTACT));
  await writeFile(path.join(pages, 'signin.html'), SIGN_IN);
  app = Fastify();
  await app.register(staticPlugin, { root, unwrittenPages: ['/signin'] });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await rm(build, { recursive: true, force: true });
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

describe('the public pages written at build time', () => {
  it('answers a public page with its written HTML, never cached, compressed as the browser accepts', async () => {
    const plain = await app.inject({ url: '/contact' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.body).toBe(CONTACT);

    const compressed = await app.inject({ url: '/contact', headers: { 'accept-encoding': 'br, gzip' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toBe('accept-encoding');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(CONTACT);
  });

  it.each([
    ['with a query, which the written page does not show', '/contact?topic=quote'],
    ['that was not written', '/dashboard/profile'],
    ['that this server shows otherwise (the sign-in with social buttons)', '/signin'],
  ])('answers a page %s with the empty shell, for the app to draw', async (_case, url) => {
    const response = await app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(SHELL);
  });
});
