import { useMutation } from '@tanstack/react-query';
import { api } from '#shared/api/contract.ts';
import type { EndpointInput } from '#shared/api/contract.ts';
import { callApi } from '#client/lib/api-client.ts';

type TestPayment = EndpointInput<typeof api.payments.testConfirm>['body'];

/** Charges the card through the built-in test gateway, which answers like Stripe's test mode. */
export function confirmTestPayment(payment: TestPayment) {
  return callApi(api.payments.testConfirm, { body: payment });
}

export function useConfirmTestPayment() {
  return useMutation({ mutationFn: confirmTestPayment });
}
