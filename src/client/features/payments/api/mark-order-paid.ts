import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#shared/api/contract.ts';
import { callApi } from '#client/lib/api-client.ts';
import { orderKeys, paymentKeys } from '#client/lib/query-keys.ts';

/** Once the gateway confirmed the payment: the server checks it with the gateway before it marks the order. */
export function markOrderPaid(orderId: string, transactionId: string) {
  return callApi(api.payments.markPaid, { params: { id: orderId }, body: { transactionId } });
}

export function useMarkOrderPaid(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (transactionId: string) => markOrderPaid(orderId, transactionId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
        queryClient.invalidateQueries({ queryKey: paymentKeys.summary(orderId) }),
      ]),
  });
}
