import fc from 'fast-check';

/**
 * JSON text that no JavaScript value stands for (1e999, a 400-digit number) or too big to print in a
 * counterexample (a megabyte of text, JSON nested 20,000 deep): fast-check shows its label instead.
 */
export class RawJson {
  constructor(
    readonly label: string,
    readonly text: string,
  ) {}

  [fc.toStringMethod](): string {
    return this.label;
  }
}

/** An object as a client writes it; a Map, so that "__proto__" is just another key. */
export type JsonObject = Map<string, JsonValue>;
export type JsonValue = null | boolean | number | string | RawJson | JsonValue[] | JsonObject;

/** JSON text of `value`; NaN and the infinities become null, as JSON.stringify writes them. */
export function toJsonText(value: JsonValue): string {
  if (value instanceof RawJson) return value.text;
  if (value instanceof Map) {
    const members = [...value].map(([key, item]) => `${JSON.stringify(key)}:${toJsonText(item)}`);
    return `{${members.join(',')}}`;
  }
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  return JSON.stringify(value);
}

const raw = (text: string) => new RawJson(text, text);

/** `length` characters of text as one JSON string. */
export const hugeString = (length: number) =>
  new RawJson(`"x" × ${length}`, JSON.stringify('x'.repeat(length)));

/** An array or an object nested `depth` levels deep. */
export function nested(kind: 'array' | 'object', depth: number): RawJson {
  const [open, leaf, close] = kind === 'array' ? ['[', '', ']'] : ['{"a":', '1', '}'];
  return new RawJson(`${kind} nested ${depth} deep`, open.repeat(depth) + leaf + close.repeat(depth));
}

const NUMBERS_AT_THE_EDGE: JsonValue[] = [
  1e308,
  -1e308,
  2 ** 31,
  2 ** 31 - 1,
  -(2 ** 31),
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53),
  Number.MIN_VALUE,
  Number.EPSILON,
  0.1 + 0.2,
  -0.5,
  raw('1e999'),
  raw('-1e999'),
  raw('1e-400'),
  raw('-0'),
  raw('9'.repeat(400)),
];

const STRANGE_TEXT: JsonValue[] = [
  '',
  ' ',
  'NaN',
  'Infinity',
  '-1',
  '1e308',
  'null',
  'true',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFFx\uD800',
  '\uFEFFbom',
  '\u202Eevil',
  '𝕏🔥',
  'x'.repeat(255),
  '<script>alert(1)</script>',
  "'; DROP TABLE users; --",
  '../../etc/passwd',
  '%00',
  '{"a":1}',
];

/** A value of any JSON type that a field of the shop's forms does not expect, or cannot take. */
export const hostileValue: fc.Arbitrary<JsonValue> = fc.oneof(
  fc.constantFrom<JsonValue>(null, true, false, 0, -1, [], new Map()),
  fc.constantFrom(...NUMBERS_AT_THE_EDGE),
  fc.double(),
  fc.integer(),
  fc.constantFrom(...STRANGE_TEXT),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(1_000, 15_000, 70_000, 1_100_000).map(hugeString),
  fc
    .tuple(fc.constantFrom('array' as const, 'object' as const), fc.integer({ min: 2, max: 20_000 }))
    .map(([kind, depth]) => nested(kind, depth)),
  fc.array(fc.oneof(fc.string({ maxLength: 8 }), fc.integer()), { maxLength: 4 }),
  fc
    .dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.string({ maxLength: 8 }), fc.integer()), {
      maxKeys: 3,
    })
    .map((record) => new Map<string, JsonValue>(Object.entries(record))),
);

/** Keys a form never has: prototype pollution attempts, NUL, and plain strangers. */
export const strangeKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'role', 'id', '_id', 'userId', 'a\u0000b', ''),
  fc.string({ unit: 'binary', maxLength: 12 }),
);

const BROKEN_JSON = [
  '',
  ' ',
  '{',
  '}',
  '[1,2',
  '{"a":}',
  '{"a":1,}',
  "{'a':1}",
  '{a:1}',
  'nul',
  'undefined',
  'NaN',
  '\uFEFF{}',
  '{"a":"\\u12"}',
  '{"a":"\\x41"}',
  '{"a":1}{"b":2}',
  '{"__proto__":{"role":"admin"}}',
  '{"constructor":{"prototype":{"role":"admin"}}}',
  '{"a":1,"a":2}',
];

/** Text that is not JSON (or JSON a careless parser would misread), made up or cut out of `valid`. */
export function brokenJson(valid: string): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(...BROKEN_JSON),
    fc.nat({ max: Math.max(0, valid.length - 1) }).map((end) => valid.slice(0, end)),
    fc
      .tuple(fc.nat({ max: valid.length }), fc.string({ unit: 'binary', minLength: 1, maxLength: 3 }))
      .map(([at, junk]) => valid.slice(0, at) + junk + valid.slice(at)),
  );
}

/** Path parameters that name nothing: bad ids, very long ones, percent-encoded junk, NUL. */
export const garbagePathParam: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    'not-a-uuid',
    '00000000-0000-0000-0000-000000000000',
    'ZZZZZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZZZZZZZZZ',
    '%00',
    'a%00b',
    '%',
    '%ZZ',
    '%E0%A4%A',
    '%C0%AF',
    '%FF%FE',
    '%ED%A0%80',
    '%2e%2e%2f%2e%2e%2f',
    '%2F',
    '..',
    '%20',
    '%F0%9F%94%A5',
    '1e308',
    '-1',
    'null',
    '%7B%7D',
    "'%20OR%201=1%20--",
  ),
  fc.string({ unit: 'binary', maxLength: 40 }).map(encodeURIComponent),
  fc.integer({ min: 1_000, max: 8_000 }).map((length) => 'a'.repeat(length)),
);

/** A query string (with its "?") that no page of the shop sends, using the route's own names. */
export function garbageQuery(names: string[]): fc.Arbitrary<string> {
  const name = fc.constantFrom(...names, '__proto__', 'constructor', 'x');
  const value = fc.oneof(
    fc.constantFrom('', 'abc', '1e308', '-1', '0', '2147483648', '9007199254740993', 'NaN', 'Infinity'),
    fc.constantFrom('%', '%ZZ', '%00', '%ED%A0%80', '%E0%A4%A', 'a&b', '[]', '{}'),
    fc.string({ unit: 'binary', maxLength: 20 }).map(encodeURIComponent),
    fc.integer({ min: 1_000, max: 8_000 }).map((length) => 'q'.repeat(length)),
  );
  const pair = fc.oneof(
    fc.tuple(name, value).map(([key, item]) => `${key}=${item}`),
    fc.tuple(name, value).map(([key, item]) => `${key}[]=${item}`),
    fc.tuple(name, value).map(([key, item]) => `${key}[a][b]=${item}`),
    name,
  );
  return fc.array(pair, { minLength: 1, maxLength: 4 }).map((pairs) => `?${pairs.join('&')}`);
}

/** Content types besides JSON that a client might send to a JSON route. */
export const WRONG_CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/octet-stream',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/jsonx',
  'application/vnd.api+json',
  'APPLICATION/JSON',
  'application/json, text/plain',
  'text/json',
  '*/*',
];
