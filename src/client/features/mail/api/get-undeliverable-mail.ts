import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#shared/api/contract.ts';
import { callApi } from '#client/lib/api-client.ts';
import { mailKeys } from '#client/lib/query-keys.ts';

/** Mails that failed every retry, newest first (administrators). */
export function getUndeliverableMail(signal?: AbortSignal) {
  return callApi(api.mail.undeliverable, {}, signal);
}

export const undeliverableMailQueryOptions = queryOptions({
  queryKey: mailKeys.undeliverable(),
  queryFn: ({ signal }) => getUndeliverableMail(signal),
});

export function useUndeliverableMail(enabled = true) {
  return useQuery({ ...undeliverableMailQueryOptions, enabled });
}
