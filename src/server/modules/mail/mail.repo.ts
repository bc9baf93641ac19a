import { desc, eq } from 'drizzle-orm';
import type { MailMessage } from '#server/adapters/mail/mailer.ts';
import type { Db } from '#server/db/client.ts';
import { undeliverableMails } from '#server/db/schema.ts';
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
