import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ToolInput, ToolUpdate } from '#shared/schemas/tools.ts';
import { apiSend } from '#client/lib/api-client.ts';

/** Every catalogue change: the cached lists and tools are read again. */
function useToolMutation<Variables, Result>(request: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['tools'] }),
  });
}

export function useAddTool() {
  return useToolMutation((tool: ToolInput) => apiSend<{ insertedId: string }>('POST', '/parts', tool));
}

export function useUpdateTool(id: string) {
  return useToolMutation((tool: ToolUpdate) =>
    apiSend<{ modifiedCount: number }>('PATCH', `/parts/${id}`, tool),
  );
}

export function useDeleteTool() {
  return useToolMutation((id: string) => apiSend<{ deletedCount: number }>('DELETE', `/parts/${id}`));
}
