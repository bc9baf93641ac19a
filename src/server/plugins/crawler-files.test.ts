import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '#server/testing/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ BASE_URL: 'https://shop.example' });
});
afterAll(() => ctx.close());

describe('GET /robots.txt', () => {
  it('is a robots file that keeps crawlers out of the API and the signed-in pages and names the sitemap', async () => {
    const response = await ctx.app.inject({ url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toBe(
      [
        'User-agent: *',
        'Disallow: /api/',
        'Disallow: /dashboard',
        'Disallow: /parts/',
        'Disallow: /reset-password',
        'Disallow: /verify-email',
        '',
        'Sitemap: https://shop.example/sitemap.xml',
        '',
      ].join('\n'),
    );
  });
});

describe('GET /sitemap.xml', () => {
  it('lists the public pages under BASE_URL, and no page that needs a session', async () => {
    const response = await ctx.app.inject({ url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">\n/,
    );
    const locations = [...response.body.matchAll(/<url><loc>([^<]+)<\/loc><\/url>/g)].map(
      (match) => match[1],
    );
    expect(locations).toEqual(
      ['/', '/parts', '/contact', '/blog', '/my-portfolio', '/signin', '/signup'].map(
        (page) => `https://shop.example${page}`,
      ),
    );
  });
});
