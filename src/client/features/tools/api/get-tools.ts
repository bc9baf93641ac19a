import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tool } from '#shared/schemas/tools.ts';
import { apiGet } from '#client/lib/api-client.ts';

/** All tools newest first, or the `limit` newest. */
export function toolsQueryOptions(limit?: number) {
  return queryOptions({
    queryKey: ['tools', 'list', limit ?? 'all'],
    queryFn: ({ signal }) => apiGet<Tool[]>(limit ? `/parts?limit=${limit}` : '/parts', signal),
  });
}

export function useTools(limit?: number) {
  return useQuery(toolsQueryOptions(limit));
}
