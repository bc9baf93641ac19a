import { useQuery } from '@tanstack/react-query';
import { api } from '#shared/api/contract.ts';
import { callApi } from '#client/lib/api-client.ts';
import { paymentKeys } from '#client/lib/query-keys.ts';

/** The order's one payment intent (the same however often it is asked for); the server computes the amount. */
export function createPaymentIntent(orderId: string) {
  return callApi(api.payments.createIntent, { body: { orderId } });
}

/** The payment secret for this order, asked for once while the order is unpaid. */
export function useClientSecret(orderId: string, enabled: boolean) {
  return useQuery({
    queryKey: paymentKeys.intent(orderId),
    enabled,
    staleTime: Infinity,
    retry: false,
    queryFn: async () => (await createPaymentIntent(orderId)).clientSecret,
  });
}
