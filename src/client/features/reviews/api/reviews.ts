import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Review, ReviewInput } from '#shared/schemas/reviews.ts';
import { apiGet, apiSend } from '#client/lib/api-client.ts';

export const reviewsQueryOptions = queryOptions({
  queryKey: ['reviews'],
  queryFn: ({ signal }) => apiGet<Review[]>('/reviews', signal),
});

export function useReviews() {
  return useQuery(reviewsQueryOptions);
}

export function usePostReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (review: ReviewInput) => apiSend<{ insertedId: string }>('POST', '/review', review),
    onSuccess: () => queryClient.invalidateQueries(reviewsQueryOptions),
  });
}
