import { api } from '#shared/api/contract.ts';
import { callApi } from '#client/lib/api-client.ts';
import { useMailAction } from './use-mail-action.ts';

export function resendMail(id: string) {
  return callApi(api.mail.resend, { params: { id } });
}

export function useResendMail() {
  return useMailAction(resendMail);
}
