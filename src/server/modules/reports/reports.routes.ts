import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { api } from '#shared/api/contract.ts';
import { apiErrorSchema } from '#shared/schemas/errors.ts';
import { routeOf } from '#server/plugins/contract-route.ts';
import type { ReportsService } from './reports.service.ts';

export const reportsRoutes: FastifyPluginAsyncZod<{ reports: ReportsService }> = async (app, { reports }) => {
  app.route({
    ...routeOf(api.reports.sales, { 401: apiErrorSchema, 403: apiErrorSchema }),
    onRequest: app.requireAdmin,
    handler: () => reports.salesOverview(),
  });
};
