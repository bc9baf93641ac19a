import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '#shared/schemas/errors.ts';
import { healthSchema, readinessSchema } from '#shared/schemas/health.ts';
import type { Db } from '#server/db/client.ts';
import { apiError } from '#server/plugins/errors.ts';
import { readinessCheck } from './readiness.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ db: Db; dataDir: string }> = async (
  app,
  { db, dataDir },
) => {
  const unreadyReason = readinessCheck({ db, dataDir, log: app.log });

  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness: answers while the process runs',
        description:
          'Checks nothing else, so that a failing database does not get the process restarted: ' +
          'a load balancer should ask GET /api/health/ready instead.',
        response: { 200: healthSchema },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/health/ready',
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness: answers 200 while this process can serve requests',
        description:
          'The database answers, has every migration applied and takes a write, and the data folder has ' +
          'disk space; otherwise 503 with the reason. A load balancer sends requests only to processes ' +
          'that answer 200 here (while shutting down, a process answers 503).',
        response: { 200: readinessSchema, 503: apiErrorSchema },
      },
    },
    async (_request, reply) => {
      const reason = await unreadyReason();
      if (reason) return reply.code(503).send(apiError(503, reason));
      return { status: 'ready' as const };
    },
  );
};
