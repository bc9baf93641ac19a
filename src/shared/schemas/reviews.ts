import { z } from 'zod';
import { messages } from '#shared/messages.ts';
import {
  emptyAsAbsent,
  PAGE_SIZE_MAX,
  pageInfoSchema,
  pagingQuery,
  searchQuery,
  wholeNumber,
} from './common.ts';

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

export const REVIEW_NOT_FOUND_MESSAGE = 'Review not found';

/**
 * `GET /api/reviews`: every review without parameters (the spec's call); `?limit=N` the N newest, and with
 * `&before={id}` the N that come after that review, newest first, so that a list is read a page at a time.
 */
export const reviewListQuerySchema = z.object({
  limit: wholeNumber('limit', 1, PAGE_SIZE_MAX),
  before: z.preprocess(emptyAsAbsent, z.string({ message: "before must be a review's id" }).optional()),
});
export type ReviewListQuery = z.infer<typeof reviewListQuerySchema>;

export const ADMIN_REVIEWS_PAGE_SIZE = 20;
/** `q` looks in the review's text and its author's name and e-mail. */
export const adminReviewsQuerySchema = z.object({ q: searchQuery, ...pagingQuery(ADMIN_REVIEWS_PAGE_SIZE) });
export type AdminReviewsQuery = z.output<typeof adminReviewsQuerySchema>;
/** A review as the administrators see it: whole, with its author's e-mail. */
export const adminReviewSchema = reviewSchema.extend({
  user: reviewSchema.shape.user.extend({ _id: z.string(), email: z.string() }),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;
export const adminReviewsSchema = pageInfoSchema.extend({ reviews: z.array(adminReviewSchema) });
export type AdminReviews = z.infer<typeof adminReviewsSchema>;
