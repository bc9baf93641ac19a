import { z } from 'zod';
import { messages } from '#shared/messages.ts';
import { emailSchema } from './auth.ts';
import { oneLineName, pageInfoSchema, pagingQuery } from './common.ts';

/** The Get In Touch form; the server enforces the same rules. */
export const contactMessageSchema = z.object({
  name: oneLineName(
    z
      .string({ message: messages.personNameRequired })
      .trim()
      .min(1, messages.personNameRequired)
      .max(100, { message: 'At most 100 characters', abort: true }),
  ),
  email: emailSchema,
  message: z
    .string({ message: 'Message is required' })
    .trim()
    .min(1, 'Message is required')
    .min(10, 'Minimum 10 character required')
    .max(2000, 'At most 2000 characters'),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

/** A Get In Touch message as administrators read it in the contact inbox. */
export const inboxMessageSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  createdAt: z.string(),
  /** When an administrator marked it handled; null while it is new. */
  handledAt: z.string().nullable(),
});
export type InboxMessage = z.infer<typeof inboxMessageSchema>;

export const CONTACT_INBOX_PAGE_SIZE = 20;
export const contactInboxQuerySchema = z.object(pagingQuery(CONTACT_INBOX_PAGE_SIZE));
export const contactInboxSchema = pageInfoSchema.extend({
  messages: z.array(inboxMessageSchema),
  /** Messages not handled yet, on every page. */
  unhandled: z.number().int(),
});
export type ContactInbox = z.infer<typeof contactInboxSchema>;

export const contactReceiptSchema = z.object({ insertedId: z.string(), message: z.string() });

export const contactMessages = {
  thanks: 'Thanks for getting in touch. We will answer within one working day.',
  tooMany: 'You have sent several messages already. Please try again in an hour or call us.',
};
