import { z } from 'zod';

/** A mail that could not be delivered after every retry (administrators). */
export const undeliverableMailSchema = z.object({
  _id: z.string(),
  to: z.string(),
  subject: z.string(),
  error: z.string(),
  attempts: z.number().int(),
  failedAt: z.string(),
});
export type UndeliverableMail = z.infer<typeof undeliverableMailSchema>;

export const resentCountSchema = z.object({ resentCount: z.number().int() });
