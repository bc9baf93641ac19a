import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#shared/api/contract.ts';
import type { ReviewInput } from '#shared/schemas/reviews.ts';
import { callApi } from '#client/lib/api-client.ts';
import { reviewKeys } from '#client/lib/query-keys.ts';

/** Posts a review as the signed-in user, who must have ordered something. */
export function postReview(review: ReviewInput) {
  return callApi(api.reviews.post, { body: review });
}

export function usePostReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postReview,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}
