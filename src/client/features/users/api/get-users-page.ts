import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#shared/api/contract.ts';
import type { AdminUsersQuery } from '#shared/schemas/users.ts';
import { callApi } from '#client/lib/api-client.ts';
import { userKeys, type PageQuery } from '#client/lib/query-keys.ts';

export type UsersPageQuery = PageQuery<AdminUsersQuery>;

/** A page of the accounts, oldest first, searched by name or e-mail (administrators). */
export function getUsersPage(query: UsersPageQuery, signal?: AbortSignal) {
  return callApi(api.users.page, { query }, signal);
}

export function usersPageQueryOptions(query: UsersPageQuery) {
  return queryOptions({
    queryKey: userKeys.page(query),
    queryFn: ({ signal }) => getUsersPage(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useUsersPage(query: UsersPageQuery) {
  return useQuery(usersPageQueryOptions(query));
}
