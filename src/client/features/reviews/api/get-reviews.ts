import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#shared/api/contract.ts';
import { callApi } from '#client/lib/api-client.ts';
import { reviewKeys } from '#client/lib/query-keys.ts';

/** Every review, newest first. */
export function getReviews(signal?: AbortSignal) {
  return callApi(api.reviews.list, {}, signal);
}

export const reviewsQueryOptions = queryOptions({
  queryKey: reviewKeys.list(),
  queryFn: ({ signal }) => getReviews(signal),
});

export function useReviews() {
  return useQuery(reviewsQueryOptions);
}
