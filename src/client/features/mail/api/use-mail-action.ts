import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mailKeys } from '#client/lib/query-keys.ts';

/** An action on one undeliverable mail; the list is read again afterwards. */
export function useMailAction<Result>(request: (id: string) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSettled: () => queryClient.invalidateQueries({ queryKey: mailKeys.all }),
  });
}
