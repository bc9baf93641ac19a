import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PUBLIC_PAGES } from '#shared/public-pages.ts';

const ONE_DAY = 'public, max-age=86400';

/** The API, and the pages that need a session or are reached from a mail. */
const PRIVATE_PATHS = ['/api/', '/dashboard', '/parts/', '/reset-password', '/verify-email'];

function robotsTxt(baseUrl: string): string {
  const disallowed = PRIVATE_PATHS.map((prefix) => `Disallow: ${prefix}`).join('\n');
  return `User-agent: *\n${disallowed}\n\nSitemap: ${baseUrl}/sitemap.xml\n`;
}

function sitemapXml(baseUrl: string): string {
  const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
  const urls = PUBLIC_PAGES.map((page) => `  <url><loc>${escapeXml(baseUrl + page)}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/**
 * /robots.txt and /sitemap.xml, written at start rather than built with the client: they name pages by
 * absolute URL, and only the server knows BASE_URL.
 */
export const crawlerFilesPlugin = fp(async (app: FastifyInstance, { baseUrl }: { baseUrl: string }) => {
  const robots = robotsTxt(baseUrl);
  const sitemap = sitemapXml(baseUrl);
  app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) =>
    reply.header('cache-control', ONE_DAY).type('text/plain; charset=utf-8').send(robots),
  );
  app.get('/sitemap.xml', { schema: { hide: true } }, (_request, reply) =>
    reply.header('cache-control', ONE_DAY).type('application/xml; charset=utf-8').send(sitemap),
  );
});
