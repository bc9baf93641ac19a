import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#shared/api/contract.ts';
import { callApi } from '#client/lib/api-client.ts';
import { paymentKeys } from '#client/lib/query-keys.ts';

/** What the buyer is about to pay for. */
export function getPaymentSummary(orderId: string, signal?: AbortSignal) {
  return callApi(api.payments.summary, { params: { id: orderId } }, signal);
}

export function paymentSummaryQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: paymentKeys.summary(orderId),
    queryFn: ({ signal }) => getPaymentSummary(orderId, signal),
  });
}

export function usePaymentSummary(orderId: string) {
  return useQuery(paymentSummaryQueryOptions(orderId));
}
