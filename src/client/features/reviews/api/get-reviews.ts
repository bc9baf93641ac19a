import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '#shared/api/contract.ts';
import type { ReviewListQuery } from '#shared/schemas/reviews.ts';
import { callApi } from '#client/lib/api-client.ts';
import { reviewKeys } from '#client/lib/query-keys.ts';

/** Reviews the carousel asks for at a time: four views of three, twelve swipes on a phone. */
export const REVIEWS_PER_PAGE = 12;

/** Reviews newest first: every one, or a page of `limit` after review `before`. */
export function getReviews(query: ReviewListQuery, signal?: AbortSignal) {
  return callApi(api.reviews.list, { query }, signal);
}

/** The newest reviews, a page at a time, each page after the last review of the one before. */
export const reviewsQueryOptions = infiniteQueryOptions({
  queryKey: reviewKeys.list(),
  queryFn: ({ pageParam, signal }) => getReviews({ limit: REVIEWS_PER_PAGE, before: pageParam }, signal),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last) => (last.length < REVIEWS_PER_PAGE ? undefined : last.at(-1)!._id),
  select: (data) => data.pages.flat(),
});

export function useReviews() {
  return useInfiniteQuery(reviewsQueryOptions);
}
