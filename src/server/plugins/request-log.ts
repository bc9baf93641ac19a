import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * What a production log needs, at the cost of a level check per request: every write and every refusal
 * (info), every slow request (warn); errors are logged where they happen. Reads that went well are logged
 * only at debug, as is each request's arrival.
 */
export const requestLogPlugin = fp(async (app: FastifyInstance, { slowMs }: { slowMs: number }) => {
  const debug = app.log.level === 'debug' || app.log.level === 'trace';
  if (debug) {
    app.addHook('onRequest', async (request) => request.log.debug({ req: request }, 'incoming request'));
  }
  app.addHook('onResponse', async (request, reply) => {
    const ms = Math.round(reply.elapsedTime);
    const entry = { req: request, res: { statusCode: reply.statusCode }, responseTime: ms };
    if (ms >= slowMs) request.log.warn(entry, 'slow request');
    else if (!READS.has(request.method) || reply.statusCode >= 400)
      request.log.info(entry, 'request completed');
    else if (debug) request.log.debug(entry, 'request completed');
  });
});
