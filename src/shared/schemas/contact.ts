import { z } from 'zod';
import { messages } from '#shared/messages.ts';
import { emailSchema } from './auth.ts';

/** The Get In Touch form; the server enforces the same rules. */
export const contactMessageSchema = z.object({
  name: z
    .string({ message: messages.personNameRequired })
    .trim()
    .min(1, messages.personNameRequired)
    .max(100, { message: 'At most 100 characters', abort: true })
    .regex(/^[^\r\n]*$/, 'The name must fit on one line'),
  email: emailSchema,
  message: z
    .string({ message: 'Message is required' })
    .trim()
    .min(1, 'Message is required')
    .min(10, 'Minimum 10 character required')
    .max(2000, 'At most 2000 characters'),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const contactReceiptSchema = z.object({ insertedId: z.string(), message: z.string() });

export const contactMessages = {
  thanks: 'Thanks for getting in touch. We will answer within one working day.',
  tooMany: 'You have sent several messages already. Please try again in an hour or call us.',
};
