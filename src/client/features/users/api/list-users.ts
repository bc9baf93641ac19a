import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '#shared/schemas/users.ts';
import { apiGet } from '#client/lib/api-client.ts';

export const usersQueryOptions = queryOptions({
  queryKey: ['users'],
  queryFn: ({ signal }) => apiGet<User[]>('/user', signal),
});

export function useUsers() {
  return useQuery(usersQueryOptions);
}
