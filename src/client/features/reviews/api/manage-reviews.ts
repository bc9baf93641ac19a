import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#shared/api/contract.ts';
import type { AdminReviewsQuery } from '#shared/schemas/reviews.ts';
import { callApi } from '#client/lib/api-client.ts';
import { pageQueryOptions } from '#client/lib/page-query.ts';
import { reviewKeys, type PageQuery } from '#client/lib/query-keys.ts';

/** A page of the reviews that match `q`, newest first, whole and with their authors' e-mails (administrators). */
export function getReviewsToManage(query: PageQuery<AdminReviewsQuery>, signal?: AbortSignal) {
  return callApi(api.reviews.manage, { query }, signal);
}

export function useReviewsToManage(query: PageQuery<AdminReviewsQuery>) {
  return useQuery(pageQueryOptions(reviewKeys.page(query), (signal) => getReviewsToManage(query, signal)));
}

/** Deletes a review; the carousel and every page of the list are read again. */
export function useDeleteReview() {
  return useReviewsDeletion((id) => callApi(api.reviews.remove, { params: { id } }));
}

/** Deletes every review of the account with `id`; then as useDeleteReview. */
export function useDeleteReviewsOf() {
  return useReviewsDeletion((id) => callApi(api.reviews.removeByAuthor, { params: { id } }));
}

function useReviewsDeletion(remove: (id: string) => Promise<{ deletedCount: number }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: remove,
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}
