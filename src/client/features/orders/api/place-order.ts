import { api } from '#shared/api/contract.ts';
import { REQUEST_KEY_HEADER, type PlaceOrder } from '#shared/schemas/orders.ts';
import { callApi } from '#client/lib/api-client.ts';
import { useOrderMutation } from './use-order-mutation.ts';

/**
 * A new key for one purchase: 32 hex digits from the browser's random source (which, unlike randomUUID, pages
 * served over plain HTTP have too).
 */
export function newRequestKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

/** Books `order`; sent again with the same `requestKey`, it answers the order already booked. */
export function placeOrder({ order, requestKey }: { order: PlaceOrder; requestKey: string }) {
  return callApi(api.orders.place, { body: order }, undefined, { [REQUEST_KEY_HEADER]: requestKey });
}

export function usePlaceOrder() {
  return useOrderMutation(placeOrder);
}
