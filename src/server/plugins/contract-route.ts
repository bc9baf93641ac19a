import type { z } from 'zod';
import type { Endpoint } from '#shared/api/contract.ts';

type Schema<E extends Endpoint, Errors extends Record<number, z.ZodType>> = {
  tags: string[];
  summary: string;
  response: Record<NonNullable<E['status']> | 200, E['response']> & Errors;
} & (E['params'] extends z.ZodType ? { params: E['params'] } : unknown) &
  (E['query'] extends z.ZodType ? { querystring: E['query'] } : unknown) &
  (E['body'] extends z.ZodType ? { body: E['body'] } : unknown);

/**
 * A Fastify route's method, URL and schema from the shared contract, with the error answers the route
 * gives besides: `app.route({ ...routeOf(api.orders.place, errors), preHandler, handler })`.
 */
export function routeOf<E extends Endpoint, Errors extends Record<number, z.ZodType> = Record<never, never>>(
  endpoint: E,
  errors?: Errors,
): { method: E['method']; url: E['path']; schema: Schema<E, Errors> } {
  const schema = {
    tags: [endpoint.tag],
    summary: endpoint.summary,
    ...(endpoint.params && { params: endpoint.params }),
    ...(endpoint.query && { querystring: endpoint.query }),
    ...(endpoint.body && { body: endpoint.body }),
    response: { [endpoint.status ?? 200]: endpoint.response, ...errors },
  };
  return { method: endpoint.method, url: endpoint.path, schema: schema as Schema<E, Errors> };
}
