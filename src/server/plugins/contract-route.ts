import type { z } from 'zod';
import type { Endpoint } from '#shared/api/contract.ts';

/** What a route's documentation adds to its endpoint's: a longer description, or a body that is not JSON. */
export interface RouteDocs {
  description?: string;
  consumes?: string[];
  /** Documents a body the handler reads itself (a multipart form). */
  body?: z.ZodType;
}

type Schema<E extends Endpoint, Errors extends Record<number, z.ZodType>> = {
  tags: string[];
  summary: string;
  response: Record<NonNullable<E['status']> | 200, E['response']> & Errors;
} & (E['params'] extends z.ZodType ? { params: E['params'] } : unknown) &
  (E['query'] extends z.ZodType ? { querystring: E['query'] } : unknown) &
  (E['body'] extends z.ZodType ? { body: E['body'] } : unknown);

/**
 * A Fastify route's method, URL and schema from the shared contract, with the error answers the route
 * gives besides: `app.route({ ...routeOf(api.orders.place, errors), onRequest, handler })`.
 */
export function routeOf<
  E extends Endpoint,
  Errors extends Record<number, z.ZodType> = Record<never, never>,
  Docs extends RouteDocs = Record<never, never>,
>(
  endpoint: E,
  errors?: Errors,
  docs?: Docs,
): { method: E['method']; url: E['path']; schema: Schema<E, Errors> & Docs } {
  const schema = {
    tags: [endpoint.tag],
    summary: endpoint.summary,
    ...(endpoint.params && { params: endpoint.params }),
    ...(endpoint.query && { querystring: endpoint.query }),
    ...(endpoint.body && { body: endpoint.body }),
    response: { [endpoint.status ?? 200]: endpoint.response, ...errors },
    ...docs,
  };
  return { method: endpoint.method, url: endpoint.path, schema: schema as Schema<E, Errors> & Docs };
}
