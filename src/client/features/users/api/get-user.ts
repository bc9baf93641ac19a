import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#shared/api/contract.ts';
import { callApi } from '#client/lib/api-client.ts';
import { userKeys } from '#client/lib/query-keys.ts';

/** A profile (one's own; administrators anyone's). */
export function getUser(email: string, signal?: AbortSignal) {
  return callApi(api.users.get, { params: { email } }, signal);
}

export function userQueryOptions(email: string) {
  return queryOptions({
    queryKey: userKeys.detail(email),
    queryFn: ({ signal }) => getUser(email, signal),
  });
}

export function useUser(email: string) {
  return useQuery({ ...userQueryOptions(email), enabled: email !== '' });
}
