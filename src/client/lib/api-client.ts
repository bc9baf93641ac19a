import type { ApiError } from '../../shared/schemas/errors.ts';

/** An error answer of our API, carrying its `{ statusCode, error, message }`. */
export class ApiRequestError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

export async function apiGet<T>(path: string, signal?: AbortSignal): Promise<T> {
  const response = await fetch(`/api${path}`, { signal, headers: { accept: 'application/json' } });
  if (!response.ok) {
    const body = (await response.json().catch(() => undefined)) as ApiError | undefined;
    throw new ApiRequestError(response.status, body?.message ?? `Request failed (${response.status})`);
  }
  return (await response.json()) as T;
}
