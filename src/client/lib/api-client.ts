import type { Endpoint, EndpointInput, EndpointOutput } from '#shared/api/contract.ts';
import { fillPath } from '#shared/api/fill-path.ts';
import type { ApiError } from '#shared/schemas/errors.ts';
import { texts } from './texts.ts';

/** Where the API answers, on the page's own origin. */
export const API_BASE = '/api';

/** An error answer of our API, carrying its `{ statusCode, error, message }` (and Better Auth's code). */
export class ApiRequestError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

/** One JSON request below /api; an answer that is not 2xx throws an ApiRequestError with its message. */
export async function requestJson(
  method: string,
  path: string,
  {
    body,
    signal,
    headers,
  }: { body?: unknown; signal?: AbortSignal | undefined; headers?: Record<string, string> } = {},
): Promise<unknown> {
  const response = await fetch(`${API_BASE}${path}`, {
    method,
    signal,
    headers: {
      accept: 'application/json',
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).catch((error: unknown) => {
    // An abort stays one (TanStack Query cancels so); anything else never reached the shop ("Failed to fetch").
    throw signal?.aborted ? error : new Error(texts.noConnection, { cause: error });
  });
  const text = await response.text();
  const data: unknown = text ? JSON.parse(text) : null;
  if (!response.ok) {
    const error = data as (ApiError & { code?: string }) | null;
    throw new ApiRequestError(
      response.status,
      error?.message ?? `Request failed (${response.status})`,
      error?.code,
    );
  }
  return data;
}

function queryString(query: object | undefined): string {
  if (!query) return '';
  const pairs = Object.entries(query).flatMap(([name, value]) =>
    value === undefined ? [] : [[name, String(value)]],
  );
  return pairs.length > 0 ? `?${new URLSearchParams(pairs)}` : '';
}

/**
 * Calls an endpoint of the shared contract: the path, the parameters, the body and the answer's type all come
 * from its one description in `#shared/api/contract.ts`. Only the entry's method and path are read here: the
 * browser's build leaves the schemas out (vite.config.ts).
 */
export async function callApi<E extends Endpoint>(
  endpoint: E,
  input: EndpointInput<E>,
  signal?: AbortSignal,
  headers?: Record<string, string>,
): Promise<EndpointOutput<E>> {
  const { params, query, body } = input as {
    params?: Record<string, string>;
    query?: object;
    body?: unknown;
  };
  const path = `${fillPath(endpoint.path, params)}${queryString(query)}`;
  return (await requestJson(endpoint.method, path, { body, signal, headers })) as EndpointOutput<E>;
}
