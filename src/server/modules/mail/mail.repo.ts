import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { MailMessage } from '#server/adapters/mail/mailer.ts';
import type { Db } from '#server/db/client.ts';
import { pendingMails, undeliverableMails } from '#server/db/schema.ts';
import type { Executor } from '#server/db/transaction.ts';

export type UndeliverableMailRow = typeof undeliverableMails.$inferSelect;

export async function recordUndeliverable(
  db: Db,
  message: MailMessage,
  error: string,
  attempts: number,
): Promise<void> {
  await db
    .insert(undeliverableMails)
    .values({ recipient: message.to, subject: message.subject, message, error, attempts });
}

export function listUndeliverable(db: Db): Promise<UndeliverableMailRow[]> {
  return db.select().from(undeliverableMails).orderBy(desc(undeliverableMails.failedAt));
}

/** Removes the record and answers its message (to send again or to drop), if it was still there. */
export async function takeUndeliverable(tx: Executor, id: string): Promise<MailMessage | undefined> {
  const [row] = await tx.delete(undeliverableMails).where(eq(undeliverableMails.id, id)).returning();
  return row?.message as MailMessage | undefined;
}

/**
 * A mail waiting to be moved into the mail queue: a message, or a template's name and data for one written by
 * the database itself (place_order), rendered as it is moved.
 */
export type PendingMail = MailMessage | { template: string; data: unknown };

export async function addPendingMail(tx: Executor, message: MailMessage): Promise<void> {
  await tx.insert(pendingMails).values({ message });
}

/**
 * Removes up to `limit` pending mails, oldest first, and answers them. Rows another process is taking at the
 * same moment are skipped, not waited for: each mail is taken once.
 */
export async function takePendingMails(tx: Executor, limit: number): Promise<PendingMail[]> {
  const oldest = tx
    .select({ id: pendingMails.id })
    .from(pendingMails)
    .orderBy(asc(pendingMails.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await tx
    .delete(pendingMails)
    .where(inArray(pendingMails.id, oldest))
    .returning({ message: pendingMails.message });
  return rows.map((row) => row.message as PendingMail);
}
