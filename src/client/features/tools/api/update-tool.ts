import { api } from '#shared/api/contract.ts';
import type { ToolUpdate } from '#shared/schemas/tools.ts';
import { ApiRequestError, callApi } from '#client/lib/api-client.ts';
import { useCatalogueMutation } from './use-catalogue-mutation.ts';

/** Names the copy of the tool it edits (`version`); 409 when someone changed it since. */
export function updateTool(id: string, changes: ToolUpdate) {
  return callApi(api.tools.update, { params: { id }, body: changes });
}

export function useUpdateTool(id: string) {
  return useCatalogueMutation((changes: ToolUpdate) => updateTool(id, changes));
}

/** The update was refused because the tool changed since the form loaded it (the catalogue is read again). */
export function isEditConflict(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError && error.statusCode === 409;
}
