import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../shared/schemas/errors.ts';
import { healthSchema } from '../../../shared/schemas/health.ts';
import type { Db } from '../../db/client.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Answers once the database is ready',
        response: { 200: healthSchema, 503: apiErrorSchema },
      },
    },
    async () => {
      try {
        await db.execute(sql`SELECT 1`);
      } catch {
        throw app.httpErrors.serviceUnavailable('The database is not ready');
      }
      return { status: 'ok' as const };
    },
  );
};
