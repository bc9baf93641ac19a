import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentSummary } from '#shared/schemas/payments.ts';
import { apiGet, apiSend } from '#client/lib/api-client.ts';

export function paymentQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: ['orders', 'payment', orderId],
    queryFn: ({ signal }) => apiGet<PaymentSummary>(`/payment/${encodeURIComponent(orderId)}`, signal),
  });
}

export function usePaymentSummary(orderId: string) {
  return useQuery(paymentQueryOptions(orderId));
}

/** The payment secret for this order; the server computes the amount. */
export function useClientSecret(orderId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['orders', 'payment-intent', orderId],
    enabled,
    staleTime: Infinity,
    retry: false,
    queryFn: async () =>
      (await apiSend<{ clientSecret: string }>('POST', '/create-payment-intent', { orderId })).clientSecret,
  });
}

export function markOrderPaid(orderId: string, transactionId: string) {
  return apiSend<{ modifiedCount: number }>('PATCH', `/orderPay/${encodeURIComponent(orderId)}`, {
    transactionId,
  });
}

export function confirmTestPayment(body: {
  clientSecret: string;
  card: { number: string; expMonth: number | undefined; expYear: number | undefined; cvc: string };
  billing: { name: string; email: string };
}) {
  return apiSend<{ id: string; status: 'succeeded' }>('POST', '/payments/test/confirm', body);
}
