import { useQuery } from '@tanstack/react-query';
import { api } from '#shared/api/contract.ts';
import type { AdminUsersQuery } from '#shared/schemas/users.ts';
import { callApi } from '#client/lib/api-client.ts';
import { pageQueryOptions } from '#client/lib/page-query.ts';
import { userKeys, type PageQuery } from '#client/lib/query-keys.ts';

export type UsersPageQuery = PageQuery<AdminUsersQuery>;

/** A page of the accounts, oldest first, searched by name or e-mail (administrators). */
export function getUsersPage(query: UsersPageQuery, signal?: AbortSignal) {
  return callApi(api.users.page, { query }, signal);
}

export function usersPageQueryOptions(query: UsersPageQuery) {
  return pageQueryOptions(userKeys.page(query), (signal) => getUsersPage(query, signal));
}

export function useUsersPage(query: UsersPageQuery) {
  return useQuery(usersPageQueryOptions(query));
}
