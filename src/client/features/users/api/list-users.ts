import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#shared/api/contract.ts';
import { callApi } from '#client/lib/api-client.ts';
import { userKeys } from '#client/lib/query-keys.ts';

/** Every user (administrators). */
export function listUsers(signal?: AbortSignal) {
  return callApi(api.users.list, {}, signal);
}

export const usersQueryOptions = queryOptions({
  queryKey: userKeys.list(),
  queryFn: ({ signal }) => listUsers(signal),
});

export function useUsers() {
  return useQuery(usersQueryOptions);
}
