import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#shared/api/contract.ts';
import { callApi } from '#client/lib/api-client.ts';
import { accountKeys } from '#client/lib/query-keys.ts';

/** The social sign-ins (Google, GitHub) that the server is configured for. */
export function getAuthProviders(signal?: AbortSignal) {
  return callApi(api.auth.providers, {}, signal);
}

export const authProvidersQueryOptions = queryOptions({
  queryKey: accountKeys.providers(),
  queryFn: ({ signal }) => getAuthProviders(signal),
  // Configuration, which changes only with a restart of the server.
  staleTime: Infinity,
});

export function useAuthProviders() {
  return useQuery(authProvidersQueryOptions);
}
