import { api } from '#shared/api/contract.ts';
import { callApi } from '#client/lib/api-client.ts';
import { useOrderMutation } from './use-order-mutation.ts';

/** An administrator deletes an unpaid order. */
export function deleteOrder(id: string) {
  return callApi(api.orders.remove, { params: { id } });
}

export function useDeleteOrder() {
  return useOrderMutation(deleteOrder);
}
