import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLBACK_URL_MESSAGE } from '#shared/schemas/account.ts';
import { apiErrorSchema } from '#shared/schemas/errors.ts';
import { uploadErrorSchema } from '#shared/schemas/uploads.ts';
import { addTestTool } from './testing/tools.ts';
import { multipart, type Part } from './testing/multipart.ts';
import { createUser, type TestUser } from './testing/accounts.ts';
import { snapshotDatabase } from './testing/db-snapshot.ts';
import {
  authEndpoints,
  documentedRoutes,
  fillPath,
  propertiesOf,
  type ApiRoute,
  type JsonSchema,
} from './testing/api-routes.ts';
import {
  brokenJson,
  garbagePathParam,
  garbageQuery,
  hostileValue,
  strangeKey,
  toJsonText,
  WRONG_CONTENT_TYPES,
  type JsonObject,
  type JsonValue,
} from './testing/hostile-input.ts';
import { createTestApp } from './testing/test-app.ts';

const RUNS_PER_ROUTE = 100;
/** Fixed, so that every run sends the same requests; FUZZ_SEED=<number> tries others. */
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_611);

// The routes come from the running app, and each becomes a test of its own.
const ctx = await createTestApp({ AUTH_RATE_LIMIT: '100000', CONTACT_RATE_LIMIT: '100000' });
afterAll(() => ctx.close());
const routes = [...(await documentedRoutes(ctx.app)), ...authEndpoints(ctx.app)];

const WHO = ['anonymous', 'buyer', 'admin'] as const;
type Who = (typeof WHO)[number];

/** Accounts and rows for a route's requests to name, so that some of them get past the first check. */
interface Fixture {
  buyer: TestUser;
  admin: TestUser;
  toolId: string;
  /** The buyer's unpaid order. */
  orderId: string;
}

type Body =
  | { kind: 'none' }
  | { kind: 'json'; contentType: string | undefined; value: JsonValue }
  | { kind: 'text'; contentType: string | undefined; text: string }
  | { kind: 'form'; parts: Part[]; cutAt?: number };

interface MalformedRequest {
  who: Who;
  params: Record<string, string>;
  query: string;
  body: Body;
}

type Mutation =
  | { kind: 'set'; path: string[]; value: JsonValue }
  | { kind: 'delete'; path: string[] }
  | { kind: 'add'; key: string; value: JsonValue };

async function createFixture(): Promise<Fixture> {
  const [buyer, admin] = await Promise.all([
    createUser(ctx, { name: 'Bea Buyer' }),
    createUser(ctx, { admin: true, name: 'Ada Admin' }),
  ]);
  const tool = await addTestTool(ctx.app, { availableQuantity: 1_000_000, minOrderQuantity: 1 });
  const order = await ctx.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: buyer.headers,
    payload: { toolId: tool.id, quantity: 1, address: '1 Main St', number: '555-0100' },
  });
  if (order.statusCode !== 200) throw new Error(`POST /api/order: ${order.statusCode}`);
  return { buyer, admin, toolId: tool.id, orderId: order.json<{ insertedId: string }>().insertedId };
}

/** Values the shop's forms accept, by field name: bodies built from them pass validation. */
function plausibleValues(f: Fixture): Record<string, JsonValue> {
  return {
    toolId: f.toolId,
    orderId: f.orderId,
    id: f.orderId,
    email: f.buyer.email,
    newEmail: 'someone.new@example.com',
    name: 'Bea Baker',
    password: f.buyer.password,
    currentPassword: f.buyer.password,
    newPassword: 'Another123',
    quantity: 1,
    address: '1 Main St',
    number: '555-0100',
    customRating: 4.5,
    review: 'Sturdy and well made.',
    message: 'Do you deliver to Leeds?',
    price: 2.5,
    availableQuantity: 10,
    minOrderQuantity: 1,
    details: 'M10, zinc plated',
    image: '/images/tools/hex-bolt-m10.svg',
    img: '',
    transactionId: 'pi_test_unknown',
    clientSecret: 'pi_test_unknown_secret_x',
    callbackURL: '/dashboard',
    provider: 'google',
    token: 'not-a-token',
  };
}

function plausibleValue(name: string, schema: JsonSchema, f: Fixture): JsonValue {
  const known = plausibleValues(f)[name];
  if (known !== undefined) return known;
  if (schema.enum?.length) return schema.enum[0] as JsonValue;
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'number' || type === 'integer') return 1;
  if (type === 'boolean') return true;
  if (type === 'array') return [];
  if (type === 'object' || schema.properties) return plausibleObject(schema, f);
  return 'Sturdy and well made.';
}

function plausibleObject(schema: JsonSchema, f: Fixture): JsonObject {
  return new Map(
    Object.entries(propertiesOf(schema)).map(([name, property]) => [name, plausibleValue(name, property, f)]),
  );
}

/** The paths of every property in `body`, nested objects included. */
function propertyPaths(body: JsonObject, prefix: string[] = []): string[][] {
  return [...body].flatMap(([key, value]) => [
    [...prefix, key],
    ...(value instanceof Map ? propertyPaths(value, [...prefix, key]) : []),
  ]);
}

function cloneObject(body: JsonObject): JsonObject {
  return new Map([...body].map(([key, value]) => [key, value instanceof Map ? cloneObject(value) : value]));
}

function applyMutations(base: JsonObject, mutations: Mutation[]): JsonObject {
  const body = cloneObject(base);
  for (const mutation of mutations) {
    if (mutation.kind === 'add') {
      body.set(mutation.key, mutation.value);
      continue;
    }
    const parentPath = mutation.path.slice(0, -1);
    const key = mutation.path.at(-1)!;
    let parent: JsonValue | undefined = body;
    for (const step of parentPath) parent = parent instanceof Map ? parent.get(step) : undefined;
    if (!(parent instanceof Map)) continue;
    if (mutation.kind === 'set') parent.set(key, mutation.value);
    else parent.delete(key);
  }
  return body;
}

function mutation(paths: string[][]): fc.Arbitrary<Mutation> {
  const add = fc.record({ kind: fc.constant('add' as const), key: strangeKey, value: hostileValue });
  if (paths.length === 0) return add;
  const path = fc.constantFrom(...paths);
  const set = fc.record({ kind: fc.constant('set' as const), path, value: hostileValue });
  const remove = fc.record({ kind: fc.constant('delete' as const), path });
  return fc.oneof(
    { weight: 4, arbitrary: set },
    { weight: 1, arbitrary: remove },
    { weight: 1, arbitrary: add },
  );
}

/** The route's valid body with one to three things wrong: a type or a value, a missing or an extra property. */
function mutatedBody(base: JsonObject): fc.Arbitrary<JsonObject> {
  return fc
    .array(mutation(propertyPaths(base)), { minLength: 1, maxLength: 3 })
    .map((mutations) => applyMutations(base, mutations));
}

/** Text form fields with the body's values, as a browser form would post them to a JSON route. */
function formFields(body: JsonValue): Part[] {
  if (!(body instanceof Map)) return [{ field: 'body', data: toJsonText(body) }];
  return [...body].map(([field, value]) => ({
    field,
    data: typeof value === 'string' ? value : toJsonText(value),
  }));
}

/** Bodies for a JSON route: wrong JSON under the right content type, right JSON under a wrong one, none. */
function jsonBody(base: JsonObject, { noneWeight }: { noneWeight: number }): fc.Arbitrary<Body> {
  const value = fc.oneof({ weight: 4, arbitrary: mutatedBody(base) }, { weight: 1, arbitrary: hostileValue });
  const contentType = fc.oneof(
    { weight: 4, arbitrary: fc.constant('application/json') },
    { weight: 1, arbitrary: fc.constantFrom(...WRONG_CONTENT_TYPES, undefined) },
  );
  const json = fc.record({ kind: fc.constant('json' as const), contentType, value });
  const broken = brokenJson(toJsonText(base)).map((text): Body => ({
    kind: 'text',
    contentType: 'application/json',
    text,
  }));
  const form = value.map((body): Body => ({ kind: 'form', parts: formFields(body) }));
  return fc.oneof(
    { weight: 6, arbitrary: json },
    { weight: 2, arbitrary: broken },
    { weight: 1, arbitrary: form },
    { weight: noneWeight, arbitrary: fc.constant<Body>({ kind: 'none' }) },
  );
}

const imageFile = (data: Uint8Array, field = 'image'): Part => ({
  field,
  data: Buffer.from(data),
  filename: 'photo.png',
  type: 'image/png',
});
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Forms the upload route cannot use: not an image, a PNG cut short, the wrong field, too many parts. */
const unusableFormParts: fc.Arbitrary<Part[]> = fc.oneof(
  fc.uint8Array({ maxLength: 200 }).map((bytes) => [imageFile(bytes)]),
  fc.uint8Array({ maxLength: 200 }).map((bytes) => [imageFile(new Uint8Array([...PNG_SIGNATURE, ...bytes]))]),
  fc.tuple(strangeKey, fc.uint8Array({ maxLength: 50 })).map(([field, bytes]) => [imageFile(bytes, field)]),
  fc.uint8Array({ maxLength: 50 }).map((bytes) => [imageFile(bytes), imageFile(bytes)]),
  fc.array(fc.record({ field: strangeKey, data: fc.string({ maxLength: 20 }) }), { maxLength: 8 }),
);

function uploadBody(base: JsonObject): fc.Arbitrary<Body> {
  const form = fc.record({
    kind: fc.constant('form' as const),
    parts: unusableFormParts,
    // A multipart body cut off anywhere, boundary lines included.
    cutAt: fc.option(fc.nat({ max: 400 }), { nil: undefined }),
  });
  const notAForm = fc.constantFrom<Body>(
    { kind: 'text', contentType: 'multipart/form-data', text: '--x\r\n\r\n' },
    {
      kind: 'text',
      contentType: 'multipart/form-data; boundary=x',
      text: '--x\r\nContent-Disposition: form-data',
    },
    { kind: 'text', contentType: 'text/plain', text: 'image' },
  );
  return fc.oneof(
    { weight: 3, arbitrary: form },
    { weight: 2, arbitrary: jsonBody(base, { noneWeight: 1 }) },
    { weight: 1, arbitrary: notAForm },
  );
}

function pathParam(name: string, f: Fixture): fc.Arbitrary<string> {
  const plausible: Record<string, string[]> = {
    id: [f.orderId, f.toolId, f.orderId.toUpperCase(), 'google', 'github'],
    email: [f.buyer.email, f.admin.email, f.buyer.email.toUpperCase()],
  };
  const valid = plausible[name] ?? ['token'];
  return fc.oneof(
    { weight: 1, arbitrary: fc.constantFrom(...valid) },
    { weight: 3, arbitrary: garbagePathParam },
  );
}

function plausibleQuery(route: ApiRoute, f: Fixture): string {
  const values: Record<string, string> = {
    limit: '6',
    email: f.buyer.email,
    token: 'not-a-token',
    q: 'hex bolt',
    state: 'unpaid',
    page: '1',
    pageSize: '20',
  };
  const query = new URLSearchParams(
    route.queryParams.map((name): [string, string] => [name, values[name] ?? '/dashboard']),
  );
  return `?${query}`;
}

function malformedRequest(route: ApiRoute, f: Fixture): fc.Arbitrary<MalformedRequest> {
  const base = route.bodySchema ? plausibleObject(route.bodySchema, f) : new Map<string, JsonValue>();
  const params = Object.fromEntries(route.pathParams.map((name) => [name, pathParam(name, f)]));
  const query = fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom('', plausibleQuery(route, f)) },
    { weight: 1, arbitrary: garbageQuery(route.queryParams) },
  );
  const isUpload = route.bodyTypes.includes('multipart/form-data');
  return fc.record({
    who: fc.constantFrom(...WHO),
    params: fc.record(params),
    query,
    body: isUpload ? uploadBody(base) : jsonBody(base, { noneWeight: route.method === 'GET' ? 12 : 1 }),
  });
}

async function payloadOf(body: Body): Promise<{ contentType?: string; payload?: string | Buffer }> {
  switch (body.kind) {
    case 'none':
      return {};
    case 'json':
      return { contentType: body.contentType, payload: toJsonText(body.value) };
    case 'text':
      return { contentType: body.contentType, payload: body.text };
    case 'form': {
      const { contentType, payload } = await multipart(body.parts);
      return { contentType, payload: body.cutAt === undefined ? payload : payload.subarray(0, body.cutAt) };
    }
  }
}

async function send(route: ApiRoute, request: MalformedRequest, f: Fixture) {
  const { contentType, payload } = await payloadOf(request.body);
  const account = request.who === 'anonymous' ? undefined : f[request.who];
  return ctx.app.inject({
    method: route.method,
    url: fillPath(route.path, request.params) + request.query,
    headers: {
      ...(account?.headers ?? { origin: ctx.config.baseUrl }),
      ...(contentType !== undefined && { 'content-type': contentType }),
    },
    payload,
  });
}

/** Below 500, and an error comes as JSON with a message: the API's shape, or the upload route's. */
function expectHandled(response: LightMyRequestResponse, label: string) {
  const context = `${label} answered ${response.statusCode} ${response.body.slice(0, 300)}`;
  expect(response.statusCode, context).toBeLessThan(500);
  if (response.statusCode < 400) return;
  let body: unknown;
  expect(() => (body = JSON.parse(response.body)), context).not.toThrow();
  const apiError = apiErrorSchema.safeParse(body);
  const uploadError = uploadErrorSchema.safeParse(body);
  expect(apiError.success || uploadError.success, context).toBe(true);
  if (apiError.success) expect(apiError.data.statusCode, context).toBe(response.statusCode);
}

async function expectHealthyPromptly() {
  const started = performance.now();
  const health = await ctx.app.inject({ url: '/api/health' });
  expect(health.statusCode).toBe(200);
  expect(performance.now() - started).toBeLessThan(1000);
}

it('finds the routes to fuzz: those of the OpenAPI document and of Better Auth', () => {
  expect(routes.length).toBeGreaterThan(40);
  expect(routes.map((route) => route.key)).toEqual(
    expect.arrayContaining(['POST /api/order', 'POST /api/uploads', 'POST /api/auth/sign-up/email']),
  );
});

describe.each(routes.map((route) => [route.key, route] as const))('%s', (key, route) => {
  let fixture: Fixture;
  beforeAll(async () => {
    fixture = await createFixture();
  });

  it('answers malformed requests below 500 with a JSON error, and stays healthy', async () => {
    await fc.assert(
      fc.asyncProperty(malformedRequest(route, fixture), async (request) => {
        expectHandled(await send(route, request, fixture), `${key} as ${request.who}`);
      }),
      { seed: SEED, numRuns: RUNS_PER_ROUTE },
    );
    await expectHealthyPromptly();
  });
});

/** The smallest requests behind what the fuzz found, kept so that each stays answered. */
describe('found by the fuzz', () => {
  it.each([
    ['a NUL in the address', '/api/uploads?x=%00', undefined],
    ['a NUL in a JSON body', '/api/uploads', '{"image":"a\\u0000b"}'],
    ['JSON nested 33 deep', '/api/uploads', `${'['.repeat(33)}${']'.repeat(33)}`],
  ])('POST /api/uploads refuses %s with a 400 in JSON', async (_what, url, json) => {
    // Signed in: a visitor is refused before the body is read.
    const buyer = await createUser(ctx);
    const response = await ctx.app.inject({
      method: 'POST',
      url,
      headers: { ...buyer.headers, ...(json && { 'content-type': 'application/json' }) },
      payload: json,
    });
    expectHandled(response, `POST ${url}`);
    expect(response.statusCode).toBe(400);
  });

  it('POST /api/auth/sign-up/email refuses a callbackURL it cannot encode, creating no account', async () => {
    const before = await snapshotDatabase(ctx.app.database.db);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: ctx.config.baseUrl },
      payload: {
        name: 'Carla Reyes',
        email: 'carla.reyes@example.com',
        password: 'Secret123',
        callbackURL: '/verified\u0100',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: CALLBACK_URL_MESSAGE });
    expect(await snapshotDatabase(ctx.app.database.db)).toBe(before);
  });

  // Better Auth encodes these into a mail link, which throws on a lone surrogate, or writes them into the
  // Location header of its answer, which throws on anything above U+00FF.
  it.each([
    [
      '/api/auth/sign-in/email',
      (user: TestUser) => ({ password: user.password, callbackURL: '/dashboard\u0100' }),
    ],
    ['/api/auth/request-password-reset', () => ({ redirectTo: '/reset-password\uD800' })],
    ['/api/auth/send-verification-email', () => ({ callbackURL: '/dashboard\uD800' })],
  ])('POST %s takes a URL it cannot encode without a 500', async (url, fields) => {
    const user = await createUser(ctx);
    const response = await ctx.app.inject({
      method: 'POST',
      url,
      headers: { origin: ctx.config.baseUrl },
      payload: { email: user.email, ...fields(user) },
    });
    expectHandled(response, `POST ${url}`);
  });

  // Better Auth turns its origin and callback-URL checks off by itself when NODE_ENV is "test" (as under
  // Vitest) unless `advanced.disableOriginCheck` is set, so the fuzz met Better Auth without them (a
  // callbackURL that is no URL then gives a 500 from GET /api/auth/verify-email).
  it('Better Auth refuses a callbackURL on another site, as in production', async () => {
    const user = await createUser(ctx);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: ctx.config.baseUrl },
      payload: { email: user.email, password: user.password, callbackURL: 'https://phishing.example/' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'INVALID_CALLBACK_URL' });
  });
});
