import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tool } from '#shared/schemas/tools.ts';
import { apiGet } from '#client/lib/api-client.ts';

export function toolQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['tools', 'one', id],
    queryFn: ({ signal }) => apiGet<Tool>(`/parts/${encodeURIComponent(id)}`, signal),
  });
}

export function useTool(id: string) {
  return useQuery(toolQueryOptions(id));
}
