import { z } from 'zod';

export const toolSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** Price per piece, in dollars. */
  price: z.number(),
  availableQuantity: z.number().int(),
  minOrderQuantity: z.number().int(),
  details: z.string(),
  image: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Tool = z.infer<typeof toolSchema>;

export const TOOLS_LIMIT_MAX = 100;

export const toolListQuerySchema = z.object({
  limit: z.coerce
    .number({ message: 'limit must be a whole number from 1 to 100' })
    .int('limit must be a whole number from 1 to 100')
    .min(1, 'limit must be a whole number from 1 to 100')
    .max(TOOLS_LIMIT_MAX, 'limit must be a whole number from 1 to 100')
    .optional(),
});

export const toolIdParamsSchema = z.object({ id: z.string() });
