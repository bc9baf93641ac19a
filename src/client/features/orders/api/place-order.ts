import { api } from '#shared/api/contract.ts';
import type { PlaceOrder } from '#shared/schemas/orders.ts';
import { callApi } from '#client/lib/api-client.ts';
import { useOrderMutation } from './use-order-mutation.ts';

export function placeOrder(order: PlaceOrder) {
  return callApi(api.orders.place, { body: order });
}

export function usePlaceOrder() {
  return useOrderMutation(placeOrder);
}
