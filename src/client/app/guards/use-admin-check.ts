import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '#client/lib/api-client.ts';
import { useSession } from '#client/lib/session.ts';

export function adminCheckQueryOptions(email: string) {
  return queryOptions({
    queryKey: ['admin', email],
    queryFn: ({ signal }) => apiGet<{ admin: boolean }>(`/admin/${encodeURIComponent(email)}`, signal),
  });
}

/** Whether the signed-in user is an administrator, as the server says; undefined while it is asked. */
export function useAdminCheck() {
  const email = useSession().data?.email ?? '';
  const query = useQuery({ ...adminCheckQueryOptions(email), enabled: email !== '' });
  return { isAdmin: query.data?.admin, isPending: query.isPending, isError: query.isError };
}
