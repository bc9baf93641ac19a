import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { api } from '#shared/api/contract.ts';
import { routeOf } from '#server/plugins/contract-route.ts';
import type { AuthService } from './auth.service.ts';

/** The shop's own auth route; Better Auth's are mounted at /api/auth/* by the auth plugin. */
export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.route({
    ...routeOf(api.auth.providers),
    handler: async () => ({ providers: auth.socialProviders }),
  });
};
