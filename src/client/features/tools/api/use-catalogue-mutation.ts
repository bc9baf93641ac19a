import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toolKeys } from '#client/lib/query-keys.ts';

/** Every catalogue change: the cached lists and tools are read again, whether it went through or not. */
export function useCatalogueMutation<Variables, Result>(request: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSettled: () => queryClient.invalidateQueries({ queryKey: toolKeys.all }),
  });
}
