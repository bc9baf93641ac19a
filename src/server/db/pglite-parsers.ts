import { types, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';
import type { PGliteLike } from 'pg-boss';

/**
 * The types Drizzle reads as PostgreSQL's text and parses itself: the parsers drizzle-orm/pglite passes with
 * every query (session.js), each of which leaves the value as it came.
 */
const DRIZZLE_TEXT_TYPES = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];
const asText = (value: string) => value;

/**
 * PGlite copies its whole parser table (over 300 types) for every query that brings parsers of its own: 8% of
 * the server's time while orders streamed in (decision 21). So the instance itself reads Drizzle's types as text, once, and
 * `withoutDrizzleParsers` leaves Drizzle's per-query parsers out: each query then parses with the table as it
 * is. Whoever else queries the instance gets these types as text too (see `withDates`).
 */
export function readDrizzleTypesAsText(client: PGlite): void {
  for (const type of DRIZZLE_TEXT_TYPES) client.parsers[type] = asText;
}

/** The options without their parsers when these are Drizzle's, which the instance already applies. */
export function withoutDrizzleParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  if (!options?.parsers) return options;
  const own = Object.keys(options.parsers).map(Number);
  if (!own.every((type) => DRIZZLE_TEXT_TYPES.includes(type))) return options;
  return { ...options, parsers: undefined };
}

/** How PGlite reads these types by default: dates as Date objects. */
const DEFAULT_DATE_PARSERS = new Map<number, (value: string) => unknown>([
  [types.TIMESTAMP, types.parsers[types.TIMESTAMP]!],
  [types.TIMESTAMPTZ, types.parsers[types.TIMESTAMPTZ]!],
  [types.DATE, types.parsers[types.DATE]!],
]);

function withDatesParsed<T extends Pick<Results<unknown>, 'rows' | 'fields'>>(result: T): T {
  const dates = result.fields.filter((field) => DEFAULT_DATE_PARSERS.has(field.dataTypeID));
  if (dates.length === 0) return result;
  for (const row of result.rows as Array<Record<string, unknown>>) {
    for (const { name, dataTypeID } of dates) {
      const value = row[name];
      if (typeof value === 'string') row[name] = DEFAULT_DATE_PARSERS.get(dataTypeID)!(value);
    }
  }
  return result;
}

/**
 * The instance as a caller that expects PGlite's default reading of dates (pg-boss: its jobs' and queues'
 * timestamps are Date objects) sees it.
 */
export function withDates(client: PGlite): PGliteLike {
  return {
    query: async <T>(text: string, params?: unknown[]) =>
      withDatesParsed(await client.query<T>(text, params)),
    exec: async (text) => (await client.exec(text)).map(withDatesParsed),
    listen: (channel, callback) => client.listen(channel, callback),
  };
}
