import type { ContactMessage } from '../../../shared/schemas/contact.ts';
import type { Executor } from '../tools/tools.repo.ts';
import { contactMessages } from '../../db/schema.ts';

export async function insertContactMessage(db: Executor, message: ContactMessage, clientIp: string) {
  const [row] = await db
    .insert(contactMessages)
    .values({ ...message, clientIp })
    .returning({ id: contactMessages.id });
  return row!.id;
}
