import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#shared/api/contract.ts';
import { callApi } from '#client/lib/api-client.ts';
import { toolKeys } from '#client/lib/query-keys.ts';

/** All tools newest first, or the `limit` newest. */
export function getTools(limit?: number, signal?: AbortSignal) {
  return callApi(api.tools.list, { query: { limit } }, signal);
}

export function toolsQueryOptions(limit?: number) {
  return queryOptions({
    queryKey: toolKeys.list(limit),
    queryFn: ({ signal }) => getTools(limit, signal),
  });
}

export function useTools(limit?: number) {
  return useQuery(toolsQueryOptions(limit));
}
