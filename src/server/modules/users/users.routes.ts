import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { api } from '#shared/api/contract.ts';
import { apiErrorSchema } from '#shared/schemas/errors.ts';
import { sendJsonArray } from '#server/json-array.ts';
import { routeOf } from '#server/plugins/contract-route.ts';
import { toApiUser } from './users.repo.ts';
import type { UsersService } from './users.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const errorsWithConflict = { ...errors, 409: apiErrorSchema };

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  app.route({
    ...routeOf(api.users.get, errors),
    onRequest: app.requireCurrentUser,
    handler: async (request) => toApiUser(await users.profile(request.user!, request.params.email)),
  });

  app.route({
    ...routeOf(api.users.update, errors),
    onRequest: app.requireCurrentUser,
    handler: async (request) => {
      const { modified, user } = await users.updateProfile(request.user!, request.params.email, request.body);
      return { modifiedCount: modified ? 1 : 0, user: toApiUser(user) };
    },
  });

  app.route({
    ...routeOf(api.users.list, errors),
    onRequest: app.requireAdmin,
    handler: async (_request, reply) => sendJsonArray(reply, users.listJson()),
  });

  app.route({
    ...routeOf(api.users.page, errors),
    onRequest: app.requireAdmin,
    handler: async (request) => {
      const { rows, ...pageInfo } = await users.page(request.query);
      return { users: rows.map(toApiUser), ...pageInfo };
    },
  });

  app.route({
    ...routeOf(api.users.promote, errorsWithConflict),
    onRequest: app.requireAdmin,
    handler: async (request) => ({ modifiedCount: await users.promote(request.params.email) }),
  });

  app.route({
    ...routeOf(api.users.block, errorsWithConflict),
    onRequest: app.requireAdmin,
    handler: async (request) => ({
      modifiedCount: await users.setBlocked(request.params.email, request.body.blocked),
    }),
  });

  app.route({
    ...routeOf(api.users.isAdmin, errors),
    onRequest: app.requireCurrentUser,
    handler: async (request) => ({ admin: await users.isAdmin(request.user!, request.params.email) }),
  });
};
