import { idParamsSchema, deletedCountSchema } from '#shared/schemas/common.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '#shared/schemas/errors.ts';
import { resentCountSchema, undeliverableMailSchema } from '#shared/schemas/mail.ts';
import type { Db } from '#server/db/client.ts';
import { isUuid } from '#server/db/ids.ts';
import type { MailOutbox } from './mail-outbox.ts';
import { listUndeliverable, takeUndeliverable, type UndeliverableMailRow } from './mail.repo.ts';

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
export const mailRoutes: FastifyPluginAsyncZod<{ db: Db; mailer: MailOutbox }> = async (
  app,
  { db, mailer },
) => {
  app.get(
    '/mail/undeliverable',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['mail'],
        summary: 'Mails that could not be delivered after every retry, newest first (administrators)',
        response: { 200: z.array(undeliverableMailSchema), ...errors },
      },
    },
    async () => (await listUndeliverable(db)).map(toApiMail),
  );

  app.post(
    '/mail/undeliverable/:id/resend',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['mail'],
        summary: 'Queue an undeliverable mail again, with a fresh round of retries (administrators)',
        params: idParamsSchema,
        response: { 200: resentCountSchema, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!isUuid(id)) return { resentCount: 0 };
      const resent = await db.transaction(async (tx) => {
        const message = await takeUndeliverable(tx, id);
        if (message) await mailer.send(message, tx);
        return message ? 1 : 0;
      });
      return { resentCount: resent };
    },
  );

  app.delete(
    '/mail/undeliverable/:id',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['mail'],
        summary: 'Let an undeliverable mail go (administrators)',
        params: idParamsSchema,
        response: { 200: deletedCountSchema, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      return { deletedCount: isUuid(id) && (await takeUndeliverable(db, id)) ? 1 : 0 };
    },
  );
};
