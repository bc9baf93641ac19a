import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileUpdate, User } from '#shared/schemas/users.ts';
import { apiSend } from '#client/lib/api-client.ts';
import { sessionQueryOptions } from '#client/lib/session.ts';
import { userQueryOptions } from './get-user.ts';

export function useUpdateUser(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: ProfileUpdate) =>
      apiSend<{ modifiedCount: number; user: User }>('PUT', `/user/${encodeURIComponent(email)}`, changes),
    onSuccess: async ({ user }) => {
      queryClient.setQueryData(userQueryOptions(email).queryKey, user);
      await queryClient.invalidateQueries(sessionQueryOptions);
    },
  });
}
