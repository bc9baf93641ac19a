import { api } from '#shared/api/contract.ts';
import { callApi } from '#client/lib/api-client.ts';
import { useOrderMutation } from './use-order-mutation.ts';

/** The buyer cancels one of their unpaid orders. */
export function cancelOrder(id: string) {
  return callApi(api.orders.cancel, { params: { id } });
}

export function useCancelOrder() {
  return useOrderMutation(cancelOrder);
}
