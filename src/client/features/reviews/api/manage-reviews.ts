import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#shared/api/contract.ts';
import { callApi } from '#client/lib/api-client.ts';
import { pageQueryOptions } from '#client/lib/page-query.ts';
import { reviewKeys } from '#client/lib/query-keys.ts';

/** A page of every review, newest first, whole and with its author's e-mail (administrators). */
export function getReviewsToManage(page: number, signal?: AbortSignal) {
  return callApi(api.reviews.manage, { query: { page } }, signal);
}

export function useReviewsToManage(page: number) {
  return useQuery(pageQueryOptions(reviewKeys.page(page), (signal) => getReviewsToManage(page, signal)));
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
