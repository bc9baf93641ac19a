import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { api } from '#shared/api/contract.ts';
import { apiErrorSchema } from '#shared/schemas/errors.ts';
import { routeOf } from '#server/plugins/contract-route.ts';
import type { UndeliverableMailRow } from './mail.repo.ts';
import type { MailService } from './mail.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

function toApiMail(row: UndeliverableMailRow) {
  return {
    _id: row.id,
    to: row.recipient,
    subject: row.subject,
    error: row.error,
    attempts: row.attempts,
    failedAt: row.failedAt.toISOString(),
  };
}

/** Administrators see the mails that could not be delivered, and send them again or let them go. */
export const mailRoutes: FastifyPluginAsyncZod<{ mailer: MailService }> = async (app, { mailer }) => {
  app.route({
    ...routeOf(api.mail.undeliverable, errors),
    onRequest: app.requireAdmin,
    handler: async () => (await mailer.undeliverable()).map(toApiMail),
  });

  app.route({
    ...routeOf(api.mail.resend, errors),
    onRequest: app.requireAdmin,
    handler: async (request) => ({ resentCount: await mailer.resend(request.params.id) }),
  });

  app.route({
    ...routeOf(api.mail.drop, errors),
    onRequest: app.requireAdmin,
    handler: async (request) => ({ deletedCount: await mailer.drop(request.params.id) }),
  });
};
