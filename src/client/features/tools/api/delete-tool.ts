import { api } from '#shared/api/contract.ts';
import { callApi } from '#client/lib/api-client.ts';
import { useCatalogueMutation } from './use-catalogue-mutation.ts';

export function deleteTool(id: string) {
  return callApi(api.tools.remove, { params: { id } });
}

export function useDeleteTool() {
  return useCatalogueMutation(deleteTool);
}
