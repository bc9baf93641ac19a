import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UndeliverableMail } from '#shared/schemas/mail.ts';
import { apiGet, apiSend } from '#client/lib/api-client.ts';

export const undeliverableMailQueryOptions = queryOptions({
  queryKey: ['mail', 'undeliverable'],
  queryFn: ({ signal }) => apiGet<UndeliverableMail[]>('/mail/undeliverable', signal),
});

export function useUndeliverableMail(enabled = true) {
  return useQuery({ ...undeliverableMailQueryOptions, enabled });
}

function useMailAction<Result>(request: (id: string) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSettled: () => queryClient.invalidateQueries(undeliverableMailQueryOptions),
  });
}

export function useResendMail() {
  return useMailAction((id) => apiSend<{ resentCount: number }>('POST', `/mail/undeliverable/${id}/resend`));
}

export function useDropMail() {
  return useMailAction((id) => apiSend<{ deletedCount: number }>('DELETE', `/mail/undeliverable/${id}`));
}
