import { useQuery } from '@tanstack/react-query';
import { api } from '#shared/api/contract.ts';
import type { AdminOrdersQuery, OrderState } from '#shared/schemas/orders.ts';
import { callApi } from '#client/lib/api-client.ts';
import { pageQueryOptions } from '#client/lib/page-query.ts';
import { readChoice, readSearchAndPage } from '#client/lib/list-params.ts';
import { orderKeys, type PageQuery } from '#client/lib/query-keys.ts';

export type OrdersPageQuery = PageQuery<AdminOrdersQuery>;

/** The states `?state=` may name (ORDER_STATES of #shared/schemas/orders.ts, whose module brings zod). */
export const ORDER_STATE_NAMES = ['unpaid', 'paid', 'shipped'] as const satisfies readonly OrderState[];

/** The page of orders the address asks for: `?q=&state=&page=`. */
export function readOrdersPageQuery(params: URLSearchParams): OrdersPageQuery {
  return { ...readSearchAndPage(params), state: readChoice(params, 'state', ORDER_STATE_NAMES) };
}

/** A page of every buyer's orders, newest first, searched and filtered by state (administrators). */
export function getOrdersPage(query: OrdersPageQuery, signal?: AbortSignal) {
  return callApi(api.orders.page, { query }, signal);
}

export function ordersPageQueryOptions(query: OrdersPageQuery) {
  return pageQueryOptions(orderKeys.page(query), (signal) => getOrdersPage(query, signal));
}

export function useOrdersPage(query: OrdersPageQuery) {
  return useQuery(ordersPageQueryOptions(query));
}
