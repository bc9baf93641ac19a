import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
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

/**
 * Serves the built React app: hashed assets cached for a year, index.html never cached, and
 * index.html for every other GET so that client-side routes survive a reload.
 */
export const staticPlugin = fp(async (app: FastifyInstance, { root }: { root: string }) => {
  const indexFile = path.join(root, 'index.html');
  const indexHtml = existsSync(indexFile) ? readFileSync(indexFile) : undefined;

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
      return reply.header('cache-control', REVALIDATE).type('text/html; charset=utf-8').send(indexHtml);
    }
    return reply.code(404).send(notFoundError(request));
  });
});
