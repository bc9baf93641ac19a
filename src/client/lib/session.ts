import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, apiSend } from './api-client.ts';
import { queryClient } from './query-client.ts';

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  image: string | null;
  role: string;
}

/**
 * The signed-in user, read from the server (the session lives in an HttpOnly cookie the page cannot see).
 * Kept small on purpose: the full auth client is loaded only by the sign-in screens.
 */
export const sessionQueryOptions = queryOptions({
  queryKey: ['session'],
  queryFn: async ({ signal }) =>
    (await apiGet<{ user: SessionUser } | null>('/auth/get-session', signal))?.user ?? null,
  staleTime: 5 * 60_000,
});

export function useSession() {
  return useQuery(sessionQueryOptions);
}

/** Ends the session on the server and forgets everything fetched for this user. */
export async function signOut(): Promise<void> {
  await apiSend('POST', '/auth/sign-out', {});
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'tools' });
  queryClient.setQueryData(sessionQueryOptions.queryKey, null);
}

/** The spec's short name in the navigation bar: the first word of the display name. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}
