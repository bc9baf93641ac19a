import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#shared/api/contract.ts';
import { callApi } from '#client/lib/api-client.ts';
import { userKeys } from '#client/lib/query-keys.ts';
import { useSession } from '#client/lib/session.ts';

export function checkAdmin(email: string, signal?: AbortSignal) {
  return callApi(api.users.isAdmin, { params: { email } }, signal);
}

export function adminCheckQueryOptions(email: string) {
  return queryOptions({
    queryKey: userKeys.adminCheck(email),
    queryFn: ({ signal }) => checkAdmin(email, signal),
  });
}

/** Whether the signed-in user is an administrator, as the server says; undefined while it is asked. */
export function useAdminCheck() {
  const email = useSession().data?.email ?? '';
  const query = useQuery({ ...adminCheckQueryOptions(email), enabled: email !== '' });
  return { isAdmin: query.data?.admin, isPending: query.isPending, isError: query.isError };
}
