import { modifiedCountSchema } from '#shared/schemas/common.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '#shared/schemas/errors.ts';
import {
  adminCheckSchema,
  emailParamsSchema,
  profileUpdateSchema,
  userSchema,
} from '#shared/schemas/users.ts';
import type { Db } from '#server/db/client.ts';
import type { SessionUser } from '#server/plugins/auth.ts';
import {
  findUserByEmail,
  listUsers,
  promoteToAdmin,
  toApiUser,
  updateProfile,
  type ProfileChanges,
} from './users.repo.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

export const usersRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  /** Someone's own e-mail, or any e-mail for an administrator; 403 otherwise. */
  function assertMayAccess(user: SessionUser | null, email: string) {
    if (user?.role !== 'admin' && user?.email.toLowerCase() !== email.toLowerCase()) {
      throw app.httpErrors.forbidden('You can only see and change your own profile.');
    }
  }

  app.get(
    '/user/:email',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['users'],
        summary: 'A profile',
        params: emailParamsSchema,
        response: { 200: userSchema, ...errors },
      },
    },
    async (request) => {
      assertMayAccess(request.user, request.params.email);
      const row = await findUserByEmail(db, request.params.email);
      if (!row) throw app.httpErrors.notFound('No such user');
      return toApiUser(row);
    },
  );

  app.put(
    '/user/:email',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['users'],
        summary: 'Update a profile; empty fields keep their value, the e-mail cannot change',
        params: emailParamsSchema,
        body: profileUpdateSchema,
        response: { 200: modifiedCountSchema.extend({ user: userSchema }), ...errors },
      },
    },
    async (request) => {
      const { email } = request.params;
      assertMayAccess(request.user, email);
      const { email: bodyEmail, img, ...fields } = request.body;
      if (bodyEmail && bodyEmail.trim().toLowerCase() !== email.toLowerCase()) {
        throw app.httpErrors.badRequest('The e-mail address cannot be changed.');
      }
      const changes: ProfileChanges = {};
      for (const [key, value] of Object.entries({ ...fields, image: img })) {
        if (value) changes[key as keyof ProfileChanges] = value;
      }
      const before = await findUserByEmail(db, email);
      if (!before) throw app.httpErrors.notFound('No such user');
      const modified = Object.entries(changes).some(
        ([key, value]) => before[key as keyof ProfileChanges] !== value,
      );
      const after = modified ? await updateProfile(db, email, changes) : before;
      return { modifiedCount: modified ? 1 : 0, user: toApiUser(after ?? before) };
    },
  );

  app.get(
    '/user',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['users'],
        summary: 'Every user (administrators)',
        response: { 200: z.array(userSchema), ...errors },
      },
    },
    async () => (await listUsers(db)).map(toApiUser),
  );

  app.put(
    '/user/admin/:email',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['users'],
        summary: 'Make a user an administrator (administrators)',
        params: emailParamsSchema,
        response: { 200: modifiedCountSchema, ...errors },
      },
    },
    async (request) => {
      if (!(await findUserByEmail(db, request.params.email))) throw app.httpErrors.notFound('No such user');
      return { modifiedCount: await promoteToAdmin(db, request.params.email) };
    },
  );

  app.get(
    '/admin/:email',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['users'],
        summary: 'Whether this user is an administrator',
        params: emailParamsSchema,
        response: { 200: adminCheckSchema, ...errors },
      },
    },
    async (request) => {
      assertMayAccess(request.user, request.params.email);
      const row = await findUserByEmail(db, request.params.email);
      return { admin: row?.role === 'admin' };
    },
  );
};
