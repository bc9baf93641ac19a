import { fillPath, type Endpoint, type EndpointInput, type EndpointOutput } from '#shared/api/contract.ts';
import type { ApiError } from '#shared/schemas/errors.ts';

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

async function request<T>(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  const response = await fetch(`/api${path}`, {
    method,
    signal,
    headers: {
      accept: 'application/json',
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
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
  return data as T;
}

export function apiGet<T>(path: string, signal?: AbortSignal): Promise<T> {
  return request<T>('GET', path, undefined, signal);
}

export function apiSend<T>(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T> {
  return request<T>(method, path, body);
}

/**
 * Calls an endpoint of the shared contract: the path, the parameters, the body and the answer's type all come
 * from its one description in `#shared/api/contract.ts`.
 */
export function callApi<E extends Endpoint>(
  endpoint: E,
  input: EndpointInput<E>,
  signal?: AbortSignal,
): Promise<EndpointOutput<E>> {
  const { params, query, body } = input as {
    params?: Record<string, string>;
    query?: object;
    body?: unknown;
  };
  const search = query
    ? `?${new URLSearchParams(
        Object.entries(query).flatMap(([name, value]) =>
          value === undefined ? [] : [[name, String(value)]],
        ),
      )}`
    : '';
  return request(endpoint.method, `${fillPath(endpoint.path, params)}${search}`, body, signal);
}
