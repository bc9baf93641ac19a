import { eq } from 'drizzle-orm';
import type { ContactMessage } from '../../../shared/schemas/contact.ts';
import type { Db } from '../../db/client.ts';
import { contactMessages } from '../../db/schema.ts';

export async function insertContactMessage(db: Db, message: ContactMessage, clientIp: string) {
  const [row] = await db
    .insert(contactMessages)
    .values({ ...message, clientIp })
    .returning({ id: contactMessages.id });
  return row!.id;
}

export async function deleteContactMessage(db: Db, id: string) {
  await db.delete(contactMessages).where(eq(contactMessages.id, id));
}
