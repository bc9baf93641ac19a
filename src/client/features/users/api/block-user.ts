import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#shared/api/contract.ts';
import { callApi } from '#client/lib/api-client.ts';
import { userKeys } from '#client/lib/query-keys.ts';

/** Blocks the account (its sessions end, it cannot sign in) or unblocks it (administrators only). */
export function setUserBlocked({ email, blocked }: { email: string; blocked: boolean }) {
  return callApi(api.users.block, { params: { email }, body: { blocked } });
}

export function useSetUserBlocked() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserBlocked,
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.pages() }),
  });
}
