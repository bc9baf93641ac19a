import type { ContactMessage } from '#shared/schemas/contact.ts';
import type { Executor } from '#server/modules/tools/tools.repo.ts';
import { contactMessages } from '#server/db/schema.ts';

export async function insertContactMessage(db: Executor, message: ContactMessage, clientIp: string) {
  const [row] = await db
    .insert(contactMessages)
    .values({ ...message, clientIp })
    .returning({ id: contactMessages.id });
  return row!.id;
}
