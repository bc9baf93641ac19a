import { useMutation } from '@tanstack/react-query';
import type { ContactMessage } from '#shared/schemas/contact.ts';
import { apiSend } from '#client/lib/api-client.ts';

export function useSendContactMessage() {
  return useMutation({
    mutationFn: (message: ContactMessage) =>
      apiSend<{ insertedId: string; message: string }>('POST', '/contact', message),
  });
}
