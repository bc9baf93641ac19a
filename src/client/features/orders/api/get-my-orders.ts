import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#shared/api/contract.ts';
import { callApi } from '#client/lib/api-client.ts';
import { orderKeys } from '#client/lib/query-keys.ts';

/** The buyer's orders, newest first. */
export function getMyOrders(email: string, signal?: AbortSignal) {
  return callApi(api.orders.mine, { query: { email } }, signal);
}

export function myOrdersQueryOptions(email: string) {
  return queryOptions({
    queryKey: orderKeys.mine(email),
    queryFn: ({ signal }) => getMyOrders(email, signal),
  });
}

export function useMyOrders(email: string) {
  return useQuery({ ...myOrdersQueryOptions(email), enabled: email !== '' });
}
