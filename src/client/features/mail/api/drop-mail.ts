import { api } from '#shared/api/contract.ts';
import { callApi } from '#client/lib/api-client.ts';
import { useMailAction } from './use-mail-action.ts';

export function dropMail(id: string) {
  return callApi(api.mail.drop, { params: { id } });
}

export function useDropMail() {
  return useMailAction(dropMail);
}
