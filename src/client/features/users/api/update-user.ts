import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#shared/api/contract.ts';
import type { ProfileUpdate } from '#shared/schemas/users.ts';
import { callApi } from '#client/lib/api-client.ts';
import { sessionKeys, userKeys } from '#client/lib/query-keys.ts';

/** Empty fields keep their value; the e-mail cannot change. */
export function updateUser(email: string, changes: ProfileUpdate) {
  return callApi(api.users.update, { params: { email }, body: changes });
}

/** The answer is the profile as it is now; the session is read again, since it shows the name. */
export function useUpdateUser(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: ProfileUpdate) => updateUser(email, changes),
    onSuccess: async ({ user }) => {
      queryClient.setQueryData(userKeys.detail(email), user);
      await queryClient.invalidateQueries({ queryKey: sessionKeys.all });
    },
  });
}
