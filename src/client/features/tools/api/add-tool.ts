import { api } from '#shared/api/contract.ts';
import type { ToolInput } from '#shared/schemas/tools.ts';
import { callApi } from '#client/lib/api-client.ts';
import { useCatalogueMutation } from './use-catalogue-mutation.ts';

export function addTool(tool: ToolInput) {
  return callApi(api.tools.add, { body: tool });
}

export function useAddTool() {
  return useCatalogueMutation(addTool);
}
