import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '#shared/schemas/users.ts';
import { apiGet } from '#client/lib/api-client.ts';

export function userQueryOptions(email: string) {
  return queryOptions({
    queryKey: ['user', email],
    queryFn: ({ signal }) => apiGet<User>(`/user/${encodeURIComponent(email)}`, signal),
  });
}

export function useUser(email: string) {
  return useQuery({ ...userQueryOptions(email), enabled: email !== '' });
}
