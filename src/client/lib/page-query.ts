import { keepPreviousData, queryOptions, type QueryKey } from '@tanstack/react-query';

/**
 * The query options of a page of a longer list: while the next page (or search) loads, the page on the screen
 * stays, so that the list does not fall back to the loading image and the layout does not jump.
 */
export function pageQueryOptions<Key extends QueryKey, Page>(
  queryKey: Key,
  fetchPage: (signal: AbortSignal) => Promise<Page>,
) {
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => fetchPage(signal),
    placeholderData: keepPreviousData,
  });
}
