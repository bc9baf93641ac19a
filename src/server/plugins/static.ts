import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { responseEncoding, type ResponseEncoding } from '#server/response-encoding.ts';
import { notFoundError } from './errors.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const ONE_DAY = 'public, max-age=86400';

/**
 * Paths that belong to the server, or to the build, in any letter case and with or without a query: an unknown
 * one is a JSON 404, never the app's HTML (a page of an earlier build asking for a script that is gone learns
 * so, rather than getting HTML for JavaScript).
 */
const SERVER_PATHS = /^\/(api|uploads|assets)([/?]|$)/i;

type WrittenPage = Partial<Record<ResponseEncoding, Buffer>> & { html: Buffer };

/**
 * The public pages as written at build time (scripts/prerender.mjs), by path, each with its compressed copies:
 * `pages/contact.html` is /contact, `pages/index.html` is /.
 */
function writtenPages(dir: string, leftOut: string[]): Map<string, WrittenPage> {
  const pages = new Map<string, WrittenPage>();
  if (!existsSync(dir)) return pages;
  for (const name of readdirSync(dir).filter((file) => file.endsWith('.html'))) {
    const page = name === 'index.html' ? '/' : `/${name.slice(0, -'.html'.length)}`;
    if (leftOut.includes(page)) continue;
    const file = path.join(dir, name);
    const copy = (suffix: string) => (existsSync(file + suffix) ? readFileSync(file + suffix) : undefined);
    pages.set(page, { html: readFileSync(file), br: copy('.br'), gzip: copy('.gz') });
  }
  return pages;
}

export interface StaticOptions {
  /** The client's build: index.html and assets/. Pages written at build time are in `pages` beside it. */
  root: string;
  /** Pages whose written HTML is not what this server shows (the sign-in screens, with social sign-in on). */
  unwrittenPages?: string[];
}

/**
 * Serves the built React app: hashed assets cached for a year, index.html never cached, and
 * index.html for every other GET so that client-side routes survive a reload. A public page asked for by its
 * own path, without a query, comes as written at build time, already showing what a visitor sees first.
 */
export const staticPlugin = fp(async (app: FastifyInstance, { root, unwrittenPages = [] }: StaticOptions) => {
  const indexFile = path.join(root, 'index.html');
  const indexHtml = existsSync(indexFile) ? readFileSync(indexFile) : undefined;
  const pages = writtenPages(path.join(root, '..', 'pages'), unwrittenPages);

  if (indexHtml) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders(reply, filePath) {
        if (!path.relative(root, filePath).startsWith('assets/')) {
          reply.header('cache-control', ONE_DAY);
          return;
        }
        // A hashed asset never changes and is never asked for again: no validators to revalidate it with, and
        // no ranges of a few kilobytes. Each of the page's scripts arrives that much smaller.
        reply.header('cache-control', IMMUTABLE);
        reply.removeHeader('etag');
        reply.removeHeader('last-modified');
        reply.removeHeader('accept-ranges');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') && !SERVER_PATHS.test(request.url);
    if (indexHtml && wantsPage) {
      reply.header('cache-control', REVALIDATE).type('text/html; charset=utf-8');
      const page = pages.get(request.url);
      if (!page) return reply.send(indexHtml);
      reply.header('vary', 'accept-encoding');
      const encoding = responseEncoding(request);
      const compressed = encoding && page[encoding];
      if (!compressed) return reply.send(page.html);
      return reply.header('content-encoding', encoding).send(compressed);
    }
    return reply.code(404).send(notFoundError(request));
  });
});
