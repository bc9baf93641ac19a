import { z } from 'zod';
import { messages } from '#shared/messages.ts';

export const reviewInputSchema = z.object({
  customRating: z
    .number({ message: 'Please choose a rating' })
    .min(1, 'The rating must be from 1 to 5')
    .max(5, 'The rating must be from 1 to 5')
    .refine((value) => Number.isInteger(value * 2), 'The rating goes in half stars'),
  review: z
    .string({ message: 'Please write your review' })
    .trim()
    .min(1, 'Please write your review')
    .min(3, messages.minThree)
    .max(1000, 'At most 1000 characters'),
});
export type ReviewInput = z.infer<typeof reviewInputSchema>;

export const reviewSchema = z.object({
  _id: z.string(),
  customRating: z.number(),
  review: z.string(),
  createdAt: z.string(),
  user: z.object({ displayName: z.string(), photoURL: z.string().nullable() }),
});
export type Review = z.infer<typeof reviewSchema>;
