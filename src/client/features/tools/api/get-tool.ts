import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#shared/api/contract.ts';
import { callApi } from '#client/lib/api-client.ts';
import { toolKeys } from '#client/lib/query-keys.ts';

export function getTool(id: string, signal?: AbortSignal) {
  return callApi(api.tools.get, { params: { id } }, signal);
}

export function toolQueryOptions(id: string) {
  return queryOptions({
    queryKey: toolKeys.detail(id),
    queryFn: ({ signal }) => getTool(id, signal),
  });
}

export function useTool(id: string) {
  return useQuery(toolQueryOptions(id));
}
