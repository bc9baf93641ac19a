import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { ContactMessage } from '#shared/schemas/contact.ts';
import { isUuid } from '#server/db/ids.ts';
import { readPage, type Page, type Paging } from '#server/db/paging.ts';
import { contactMessages } from '#server/db/schema.ts';
import type { Executor } from '#server/db/transaction.ts';

export type ContactMessageRow = typeof contactMessages.$inferSelect;

export async function insertContactMessage(db: Executor, message: ContactMessage, clientIp: string) {
  const [row] = await db
    .insert(contactMessages)
    .values({ ...message, clientIp })
    .returning({ id: contactMessages.id });
  return row!.id;
}

/** A page of the messages, newest first, and how many are not handled yet. */
export async function contactInbox(
  db: Executor,
  paging: Paging,
): Promise<Page<ContactMessageRow> & { unhandled: number }> {
  const newestFirst = [desc(contactMessages.createdAt), desc(contactMessages.id)];
  const [page, [waiting]] = await Promise.all([
    readPage(db, contactMessages, undefined, newestFirst, paging),
    db.select({ unhandled: count() }).from(contactMessages).where(isNull(contactMessages.handledAt)),
  ]);
  return { ...page, unhandled: waiting?.unhandled ?? 0 };
}

/** Marks a message handled; answers 0 when it already was, or there is no such message. */
export async function markContactMessageHandled(db: Executor, id: string): Promise<number> {
  if (!isUuid(id)) return 0;
  const handled = await db
    .update(contactMessages)
    .set({ handledAt: sql`now()` })
    .where(and(eq(contactMessages.id, id), isNull(contactMessages.handledAt)))
    .returning({ id: contactMessages.id });
  return handled.length;
}
