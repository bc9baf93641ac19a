import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#shared/api/contract.ts';
import { callApi } from '#client/lib/api-client.ts';
import { pageQueryOptions } from '#client/lib/page-query.ts';
import { contactKeys } from '#client/lib/query-keys.ts';

/** A page of the Get In Touch messages, newest first, and how many are new (administrators). */
export function getContactInbox(page: number, signal?: AbortSignal) {
  return callApi(api.contact.inbox, { query: { page } }, signal);
}

export function contactInboxQueryOptions(page: number) {
  return pageQueryOptions(contactKeys.inbox(page), (signal) => getContactInbox(page, signal));
}

/** The inbox's page; `enabled` false for those who may not read it (the side menu asks for every user). */
export function useContactInbox(page: number, enabled = true) {
  return useQuery({ ...contactInboxQueryOptions(page), enabled });
}

export function useHandleContactMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(api.contact.handle, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: contactKeys.all }),
  });
}
