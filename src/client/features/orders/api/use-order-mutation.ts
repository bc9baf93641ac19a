import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderKeys, paymentKeys, toolKeys } from '#client/lib/query-keys.ts';

/** Every order change also changes stock and what there is to pay: those are read again too. */
export function useOrderMutation<Variables, Result>(request: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSettled: () =>
      Promise.all(
        [orderKeys.all, paymentKeys.all, toolKeys.all].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
