import { z } from 'zod';
import type { App } from '#server/app.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The parts of a JSON Schema (OpenAPI's, or zod's toJSONSchema) that the tests read. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  allOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}

/** One route of the API as a client can see it. */
export interface ApiRoute {
  /** "METHOD path" with the OpenAPI document's path, e.g. "DELETE /api/myorder/{id}". */
  key: string;
  method: HttpMethod;
  /** With `{name}` placeholders for its path parameters. */
  path: string;
  pathParams: string[];
  queryParams: string[];
  /** The content types of its request body; empty when it takes none. */
  bodyTypes: string[];
  /** Its JSON body's schema. */
  bodySchema: JsonSchema | undefined;
}

interface OpenApiOperation {
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
}

interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

/** Every route of the app's own OpenAPI document (GET /api/docs/json). */
export async function documentedRoutes(app: App): Promise<ApiRoute[]> {
  const response = await app.inject({ url: '/api/docs/json' });
  if (response.statusCode !== 200) throw new Error(`GET /api/docs/json answered ${response.statusCode}`);
  const document = response.json<OpenApiDocument>();
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => {
      const parameters = operation.parameters ?? [];
      const content = operation.requestBody?.content ?? {};
      return route(method.toUpperCase() as HttpMethod, path, {
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        bodyTypes: Object.keys(content),
        bodySchema: content['application/json']?.schema,
      });
    }),
  );
}

/** What Better Auth keeps on each endpoint function of `auth.api`. */
interface AuthEndpoint {
  path?: string;
  options?: { method: string | string[]; body?: z.ZodType; query?: z.ZodType };
}

/**
 * Better Auth's endpoints under /api/auth, which the OpenAPI document hides behind one wildcard route.
 * Endpoints without a path can only be called from the server.
 */
export function authEndpoints(app: App): ApiRoute[] {
  return Object.values(app.auth.api as Record<string, AuthEndpoint>).flatMap(({ path, options }) => {
    if (!path || !options) return [];
    const methods = Array.isArray(options.method) ? options.method : [options.method];
    const fullPath = `/api/auth${path.replace(/:(\w+)/g, '{$1}')}`;
    const bodySchema = options.body && toJsonSchema(options.body);
    return methods.map((method) =>
      route(method as HttpMethod, fullPath, {
        pathParams: [...path.matchAll(/:(\w+)/g)].map((match) => match[1]!),
        queryParams: options.query ? Object.keys(propertiesOf(toJsonSchema(options.query))) : [],
        bodyTypes: method === 'GET' || !bodySchema ? [] : ['application/json'],
        bodySchema: method === 'GET' ? undefined : bodySchema,
      }),
    );
  });
}

function route(
  method: HttpMethod,
  path: string,
  details: Omit<ApiRoute, 'key' | 'method' | 'path'>,
): ApiRoute {
  return { key: `${method} ${path}`, method, path, ...details };
}

function toJsonSchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' }) as JsonSchema;
}

/** The properties an object schema names, through `allOf`, `anyOf` and `oneOf`. */
export function propertiesOf(schema: JsonSchema): Record<string, JsonSchema> {
  const alternatives = [...(schema.allOf ?? []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  return Object.assign({}, ...alternatives.map(propertiesOf), schema.properties) as Record<
    string,
    JsonSchema
  >;
}

/** A route's path with its `{name}` placeholders replaced by these (already encoded) values. */
export function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for {${name}} in ${path}`);
    return value;
  });
}
