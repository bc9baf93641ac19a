import type { QueryExecuteOptions, QueryKey } from '@tanstack/react-query';
import { queryClient } from '#client/lib/query-client.ts';

// What route loaders put in the cache, through the screen's own query options, so that the screen shows with
// it. A loader waits for data, never for a failure: a failed request is not retried here and does not stop
// the route; the screen asks again and shows its own error.

export type Options<T, K extends QueryKey> = QueryExecuteOptions<T, Error, T, T, K>;

/** The cached data, else fetched once (`ensureQueryData`, as TanStack Query now spells it). */
export async function ensureData<T, K extends QueryKey>(options: Options<T, K>): Promise<T | undefined> {
  return queryClient.query({ ...options, staleTime: 'static', retry: false }).catch(() => undefined);
}

export async function prefetch<T, K extends QueryKey>(options: Options<T, K>): Promise<null> {
  await ensureData(options);
  return null;
}
