import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#shared/api/contract.ts';
import { callApi } from '#client/lib/api-client.ts';
import { orderKeys } from '#client/lib/query-keys.ts';

/** Every buyer's orders (administrators). */
export function getAllOrders(signal?: AbortSignal) {
  return callApi(api.orders.all, {}, signal);
}

export const allOrdersQueryOptions = queryOptions({
  queryKey: orderKeys.list(),
  queryFn: ({ signal }) => getAllOrders(signal),
});

export function useAllOrders() {
  return useQuery(allOrdersQueryOptions);
}
