import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { api } from '#shared/api/contract.ts';
import { apiErrorSchema } from '#shared/schemas/errors.ts';
import { Unavailable } from '#server/domain-errors.ts';
import { routeOf } from '#server/plugins/contract-route.ts';
import type { HealthService } from './health.service.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ health: HealthService }> = async (app, { health }) => {
  app.route({
    ...routeOf(api.health.live, undefined, {
      description:
        'Checks nothing else, so that a failing database does not get the process restarted: ' +
        'a load balancer should ask GET /api/health/ready instead.',
    }),
    handler: async () => ({ status: 'ok' as const }),
  });

  app.route({
    ...routeOf(
      api.health.ready,
      { 503: apiErrorSchema },
      {
        description:
          'The database answers, has every migration applied and takes a write, and the data folder has ' +
          'disk space; otherwise 503 with the reason. A load balancer sends requests only to processes ' +
          'that answer 200 here (while shutting down, a process answers 503).',
      },
    ),
    handler: async () => {
      const reason = await health.whyNotReady();
      if (reason) throw new Unavailable(reason);
      return { status: 'ready' as const };
    },
  });
};
