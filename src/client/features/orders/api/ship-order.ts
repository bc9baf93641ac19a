import { api } from '#shared/api/contract.ts';
import { callApi } from '#client/lib/api-client.ts';
import { useOrderMutation } from './use-order-mutation.ts';

export function shipOrder(id: string) {
  return callApi(api.orders.ship, { params: { id } });
}

export function useShipOrder() {
  return useOrderMutation(shipOrder);
}
