import type { ContactMessage } from '#shared/schemas/contact.ts';
import { contactMessages } from '#server/db/schema.ts';
import type { Executor } from '#server/db/transaction.ts';

export async function insertContactMessage(db: Executor, message: ContactMessage, clientIp: string) {
  const [row] = await db
    .insert(contactMessages)
    .values({ ...message, clientIp })
    .returning({ id: contactMessages.id });
  return row!.id;
}
