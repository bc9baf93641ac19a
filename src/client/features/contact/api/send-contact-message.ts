import { useMutation } from '@tanstack/react-query';
import { api } from '#shared/api/contract.ts';
import type { ContactMessage } from '#shared/schemas/contact.ts';
import { callApi } from '#client/lib/api-client.ts';

export function sendContactMessage(message: ContactMessage) {
  return callApi(api.contact.send, { body: message });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
