import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '#client/lib/api-client.ts';
import { usersQueryOptions } from './list-users.ts';

export function usePromoteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) =>
      apiSend<{ modifiedCount: number }>('PUT', `/user/admin/${encodeURIComponent(email)}`),
    onSettled: () => queryClient.invalidateQueries(usersQueryOptions),
  });
}
