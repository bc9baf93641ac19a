import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#shared/api/contract.ts';
import { callApi } from '#client/lib/api-client.ts';
import { userKeys } from '#client/lib/query-keys.ts';

/** Makes the user an administrator (administrators only). */
export function promoteUser(email: string) {
  return callApi(api.users.promote, { params: { email } });
}

export function usePromoteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: promoteUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.pages() }),
  });
}
