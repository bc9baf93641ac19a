import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Session } from '#shared/schemas/session.ts';
import { requestJson } from './api-client.ts';
import { queryClient } from './query-client.ts';
import { sessionKeys, toolKeys } from './query-keys.ts';

// Better Auth's own endpoints, which the contract leaves to it: the page reads the session and signs out
// through these two calls, so that the full auth client is loaded only by the sign-in screens.

/** The signed-in user, read from the server (the session lives in an HttpOnly cookie the page cannot see). */
export const sessionQueryOptions = queryOptions({
  queryKey: sessionKeys.all,
  queryFn: async ({ signal }) =>
    ((await requestJson('GET', '/auth/get-session', { signal })) as Session)?.user ?? null,
  staleTime: 5 * 60_000,
});

export function useSession() {
  return useQuery(sessionQueryOptions);
}

/** Ends the session on the server and forgets everything fetched for this user (the catalogue stays). */
export async function signOut(): Promise<void> {
  await requestJson('POST', '/auth/sign-out', { body: {} });
  // The session's own query is kept and emptied rather than removed, so that every screen reading it sees the
  // change at once, without waiting for something else to draw it again.
  queryClient.setQueryData(sessionQueryOptions.queryKey, null);
  const kept = new Set<unknown>([toolKeys.all[0], sessionKeys.all[0]]);
  queryClient.removeQueries({ predicate: (query) => !kept.has(query.queryKey[0]) });
}

/** The spec's short name in the navigation bar: the first word of the display name. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}
