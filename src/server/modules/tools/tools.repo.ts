import { and, count, desc, eq, gte, inArray, lte, min, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { MAX_STOCK, type CatalogueSort, type Tool } from '#shared/schemas/tools.ts';
import { centsToDollars } from '#shared/money.ts';
import { tools } from '#server/db/schema.ts';
import { countRows, type Paging } from '#server/db/paging.ts';
import type { Executor } from '#server/db/transaction.ts';
import { catalogueSearch } from './catalogue-search.ts';

export type ToolRow = typeof tools.$inferSelect;
export type NewToolRow = typeof tools.$inferInsert;

/** Every server process follows the catalogue's changes on this channel (LISTEN/NOTIFY). */
export const CATALOGUE_CHANNEL = 'catalogue_changed';

/** A write of one tool's stock, as every process hears of it. */
export interface StockChange {
  toolId: string;
  /** The tool's stock_revision after the write: of two changes, the higher is the newer. */
  revision: number;
  availableQuantity: number;
  updatedAt: Date;
}

/**
 * The change a statement made to a tool's stock, as text (`id revision stock updated-at-ms`): the database
 * function of migration 0013, which place_order uses too.
 */
const stockChangeText = sql`tool_stock_change(${tools})`;

export function parseStockChange(text: string): StockChange | undefined {
  const [toolId, ...rest] = text.split(' ');
  const figures = rest.map(Number);
  if (!toolId || figures.length !== 3 || !figures.every(Number.isSafeInteger)) return undefined;
  const [revision, availableQuantity, updatedAt] = figures as [number, number, number];
  return { toolId, revision, availableQuantity, updatedAt: new Date(updatedAt) };
}

/**
 * Parts of an UPDATE of a tool's stock: the SET moves the stock to `newStock` and counts the write; the
 * RETURNING answers the change as `stock_change` and announces it to every process (delivered at commit).
 */
function stockWrite(newStock: SQL) {
  return {
    set: sql`available_quantity = ${newStock}, updated_at = now(), stock_revision = stock_revision + 1`,
    returning: sql`${stockChangeText} AS stock_change, pg_notify(${CATALOGUE_CHANNEL}, ${stockChangeText})`,
  };
}

/**
 * The catalogue itself changed (a tool added, edited or deleted). Sent inside the writing transaction, so
 * listeners hear of it exactly when it commits.
 */
export async function notifyCatalogueChanged(tx: Executor): Promise<void> {
  await tx.execute(sql`SELECT pg_notify(${CATALOGUE_CHANNEL}, '')`);
}

export function toApiTool(row: ToolRow): Tool {
  return {
    _id: row.id,
    name: row.name,
    price: centsToDollars(row.priceCents),
    availableQuantity: row.availableQuantity,
    minOrderQuantity: row.minOrderQuantity,
    details: row.details,
    image: row.image,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

/** VACUUM (outside any transaction) marks the new rows' pages all-visible; ANALYZE tells the planner. */
export async function vacuumTools(db: Executor): Promise<void> {
  await db.execute(sql`VACUUM ANALYZE ${tools}`);
}

/** How many tools there are, and when the oldest was added. */
export async function catalogueExtent(db: Executor): Promise<{ count: number; oldest: Date | undefined }> {
  const [row] = await db.select({ count: count(), oldest: min(tools.createdAt) }).from(tools);
  return { count: row?.count ?? 0, oldest: row?.oldest ?? undefined };
}

/** The `limit` newest tools. */
export function toolsNewestFirst(db: Executor, limit: number): Promise<ToolRow[]> {
  return db.select().from(tools).orderBy(desc(tools.createdAt), desc(tools.id)).limit(limit);
}

/** What a page of the catalogue is chosen by. */
export interface CatalogueFilter {
  q?: string | undefined;
  /** Only tools that can be ordered now: stock at least the minimum order. */
  inStock: boolean;
  minPriceCents?: number | undefined;
  maxPriceCents?: number | undefined;
}

/** Each sort's columns and directions, as its index holds them (migrations 0009 and 0015). */
const SORT_KEYS: Record<CatalogueSort, Array<[column: string, direction: 'ASC' | 'DESC']>> = {
  newest: [
    ['created_at', 'DESC'],
    ['id', 'DESC'],
  ],
  'price-asc': [
    ['price_cents', 'ASC'],
    ['created_at', 'DESC'],
    ['id', 'DESC'],
  ],
  // tools_price_idx read backwards.
  'price-desc': [
    ['price_cents', 'DESC'],
    ['created_at', 'ASC'],
    ['id', 'ASC'],
  ],
  // lower(name), kept by the database (migration 0015).
  name: [
    ['name_key', 'ASC'],
    ['id', 'ASC'],
  ],
};

/**
 * What makes each sort's first key an expression that no index gives: the planner then finds a search's matches
 * through the search index and sorts them, rather than walking a sort's index and testing every tool on the way
 * (it underestimates how many tools a search matches: 80,000 of 100,000 were tested for "m8 nut" by price).
 */
const UNINDEXED: Record<CatalogueSort, (key: SQL) => SQL> = {
  newest: (key) => sql`(${key} + interval '0')`,
  'price-asc': (key) => sql`(${key} + 0)`,
  'price-desc': (key) => sql`(${key} + 0)`,
  name: (key) => sql`(${key} || '')`,
};

/** ORDER BY's list for `sort` on the columns of `table` (`unindexed`: its first key as no index gives it). */
function sortOrder(sort: CatalogueSort, table: string, unindexed = false): SQL {
  const keys = SORT_KEYS[sort].map(([column, direction], index) => {
    const key = sql.raw(`${table}.${column}`);
    return sql`${index === 0 && unindexed ? UNINDEXED[sort](key) : key} ${sql.raw(direction)}`;
  });
  return sql.join(keys, sql`, `);
}

/** Tools that a search's page may walk past on its sort's index, at most, before the matches are sorted instead. */
const WALK_LIMIT = 5000;

/**
 * Whether a search's page is looked for by walking its sort's index, testing each tool on the way (the first
 * tools of a broad search: "a" by name, page 41, read 1,000 tools in 2 to 40 ms rather than sorting 80,000 in
 * 125), rather than by sorting every match: when it matched more than it counted, or when the walk would pass
 * no more than `walkLimit` tools at the rate the catalogue has them per match.
 */
function walkFirst({ matches, counted, tools: all }: Counts, { page, pageSize }: Paging, walkLimit: number) {
  return matches >= counted || (page * pageSize * all) / Math.max(1, matches) <= walkLimit;
}

/** How many tools a condition matches (at most `counted`), and how many the catalogue has. */
export interface Counts {
  matches: number;
  counted: number;
  tools: number;
}

/** The condition a page of the catalogue is chosen by, and whether it searches. */
export interface CatalogueCondition {
  where: SQL | undefined;
  searched: boolean;
  /** The part of `where` that the price index answers. */
  prices: SQL | undefined;
}

/** That the price lies within the filter's range. */
const priceRange = ({ minPriceCents, maxPriceCents }: CatalogueFilter) =>
  and(
    minPriceCents === undefined ? undefined : gte(tools.priceCents, minPriceCents),
    maxPriceCents === undefined ? undefined : lte(tools.priceCents, maxPriceCents),
  );

/** That the tool can be ordered now: its stock is at least its minimum order. */
const orderable = (table: { availableQuantity: AnyPgColumn; minOrderQuantity: AnyPgColumn }) =>
  gte(table.availableQuantity, table.minOrderQuantity);

export async function catalogueCondition(db: Executor, filter: CatalogueFilter): Promise<CatalogueCondition> {
  const search = await catalogueSearch(db, filter.q);
  const prices = priceRange(filter);
  const where = and(search, filter.inStock ? orderable(tools) : undefined, prices);
  return { where, searched: search !== undefined, prices };
}

/**
 * The whole rows of the tools that `ids` (a query of their ids) chooses, in `sort` order. A page's query chooses
 * only ids, so that the tools it passes over are sorted as their keys alone, not as whole rows (a broad search
 * sorts thousands: "cordless drill" by price took 55 ms so, 35 ms by ids).
 */
function toolsChosen(db: Executor, ids: SQL, sort: CatalogueSort): Promise<ToolRow[]> {
  return db
    .select()
    .from(tools)
    .where(sql`${tools.id} IN (${ids})`)
    .orderBy(sortOrder(sort, 'tools'));
}

/**
 * One page of the tools that a search (and the filter with it) finds, in `sort` order: from a walk of the sort's
 * index when it may be short (walkFirst) and finds the page within `walkLimit` tools, else by sorting every
 * match. Price and name go with the words (cordless drills are dear, nuts cheap), so a walk may pass the limit
 * before it finds a page.
 */
export async function searchedRows(
  db: Executor,
  condition: CatalogueCondition,
  sort: CatalogueSort,
  paging: Paging,
  counts: Counts,
  walkLimit = WALK_LIMIT,
): Promise<ToolRow[]> {
  const walked = walkFirst(counts, paging, walkLimit)
    ? await walkedRows(db, condition, sort, paging, counts, walkLimit)
    : undefined;
  if (walked) return walked;
  const { page, pageSize } = paging;
  const ids = sql`SELECT id FROM ${tools} WHERE ${condition.where ?? sql`true`}
    ORDER BY ${sortOrder(sort, 'tools', true)} LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`;
  return toolsChosen(db, ids, sort);
}

/** The columns that a page's condition (catalogueCondition) and its sort (SORT_KEYS) read. */
const WALKED_COLUMNS = sql.raw(
  'id, created_at, price_cents, name_key, available_quantity, min_order_quantity, search_words',
);

/**
 * The page from the first `walkLimit` tools in `sort` order, tested one by one; undefined when they hold fewer
 * matches than the page needs (then the matches beyond them may come first). A walk by price walks the price
 * range alone. The walk is a subquery named as the table, so that the condition reads its columns as it reads
 * the table's.
 */
async function walkedRows(
  db: Executor,
  { where, prices }: CatalogueCondition,
  sort: CatalogueSort,
  { page, pageSize }: Paging,
  { matches, counted }: Counts,
  walkLimit: number,
): Promise<ToolRow[] | undefined> {
  const needed = Math.min(page * pageSize, matches < counted ? matches : Infinity);
  const byPrice = sort === 'price-asc' || sort === 'price-desc';
  const { rows } = (await db.execute(sql`
    SELECT id FROM (
      SELECT ${WALKED_COLUMNS} FROM ${tools} WHERE ${(byPrice && prices) || sql`true`}
      ORDER BY ${sortOrder(sort, 'tools')} LIMIT ${walkLimit}
    ) AS tools
    WHERE ${where ?? sql`true`} ORDER BY ${sortOrder(sort, 'tools')} LIMIT ${needed}`)) as {
    rows: Array<{ id: string }>;
  };
  if (rows.length < needed) return undefined;
  const onPage = rows.slice((page - 1) * pageSize).map(({ id }) => id);
  return (await toolsWithIds(db, onPage)).filter((row) => row !== undefined);
}

/** The same table again, to read a tool's stock beside a walk of the catalogue's indexes. */
const stocked = alias(tools, 'stocked');

/**
 * A page of the catalogue that searches nothing, found among the entries of its sort's index, which hold each
 * tool's price (an index-only scan): the pages before it and the tools that a price filter leaves out are
 * passed over without reading a tool, an in-stock page reads the stock of the tools of its price range only,
 * and the page's own tools alone are read whole. "1 to 25 dollars by name", page 36, read 32,000 tools.
 */
export function unsearchedRows(
  db: Executor,
  filter: CatalogueFilter,
  sort: CatalogueSort,
  { page, pageSize }: Paging,
): Promise<ToolRow[]> {
  // A subquery, not a join or EXISTS, which PostgreSQL 18 would merge into the walk (a join of the table to
  // itself), so that the walk reads every tool whole again; it runs for the tools within the price range only.
  const inStock = sql`(${db
    .select({ orderable: orderable(stocked) })
    .from(stocked)
    .where(eq(stocked.id, tools.id))})`;
  const ids = sql`SELECT id FROM ${tools}
    WHERE ${and(priceRange(filter), filter.inStock ? inStock : undefined) ?? sql`true`}
    ORDER BY ${sortOrder(sort, 'tools')} LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`;
  return toolsChosen(db, ids, sort);
}

/** What a search's pages are chosen and sorted by, for each tool it matches: a column each (search-matches.ts). */
export interface MatchColumns {
  ids: string[];
  priceCents: Int32Array;
  availableQuantity: Int32Array;
  minOrderQuantity: Int32Array;
  stockRevision: Float64Array;
}

const MATCH_FIELDS = 5;

/**
 * The tools that `search` matches, at most `limit` + 1 of them (one more tells that there are more), newest
 * first. As one text, which the embedded database sends many times faster than as many rows.
 */
export async function searchMatches(db: Executor, search: SQL, limit: number): Promise<MatchColumns> {
  const { rows } = (await db.execute(sql`
    SELECT string_agg(concat_ws(',', id, price_cents, available_quantity, min_order_quantity, stock_revision), ','
      ORDER BY ${sortOrder('newest', 'matched')}) AS matches
    FROM (
      SELECT id, created_at, price_cents, available_quantity, min_order_quantity, stock_revision
      FROM ${tools} WHERE ${search} LIMIT ${limit + 1}
    ) AS matched`)) as { rows: Array<{ matches: string | null }> };
  const fields = rows[0]?.matches?.split(',') ?? [];
  const size = fields.length / MATCH_FIELDS;
  const column = <T extends Int32Array | Float64Array>(Type: new (size: number) => T, field: number) => {
    const values = new Type(size);
    for (let match = 0; match < size; match++) values[match] = Number(fields[match * MATCH_FIELDS + field]);
    return values;
  };
  return {
    ids: Array.from({ length: size }, (_, match) => fields[match * MATCH_FIELDS]!),
    priceCents: column(Int32Array, 1),
    availableQuantity: column(Int32Array, 2),
    minOrderQuantity: column(Int32Array, 3),
    stockRevision: column(Float64Array, 4),
  };
}

/**
 * Every tool's id in the name sort's order, read from its index alone: what a search's matches are sorted by
 * name with, rather than sorting their names in the database for each search (15 ms for 12,500 matches).
 */
export async function toolIdsByName(db: Executor): Promise<string[]> {
  const { rows } = (await db.execute(sql`
    SELECT string_agg(id::text, ',' ORDER BY ${sortOrder('name', 'tools')}) AS ids FROM ${tools}`)) as {
    rows: Array<{ ids: string | null }>;
  };
  return rows[0]?.ids?.split(',') ?? [];
}

/** The tools with these ids, each in its id's place (undefined for an id that no tool has). */
export async function toolsWithIds(
  db: Executor,
  ids: readonly string[],
): Promise<Array<ToolRow | undefined>> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(tools)
    .where(inArray(tools.id, [...new Set(ids)]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id));
}

/** How many tools pass `condition`, counted up to `limit`. */
export function catalogueCount(
  db: Executor,
  { where }: { where: SQL | undefined },
  limit?: number,
): Promise<number> {
  return countRows(db, tools, where, limit);
}

export async function insertTools(tx: Executor, values: NewToolRow[]): Promise<ToolRow[]> {
  if (values.length === 0) return [];
  return tx.insert(tools).values(values).returning();
}

export async function findTool(db: Executor, id: string): Promise<ToolRow | undefined> {
  const [row] = await db.select().from(tools).where(eq(tools.id, id));
  return row;
}

/** Which of these names the catalogue has. */
export async function toolNamesAmong(db: Executor, names: string[]): Promise<Set<string>> {
  const rows = await db.select({ name: tools.name }).from(tools).where(inArray(tools.name, names));
  return new Set(rows.map((row) => row.name));
}

/** Which of these image URLs a tool shows. */
export async function toolImagesAmong(db: Executor, urls: string[]): Promise<Set<string>> {
  const rows = await db.select({ url: tools.image }).from(tools).where(inArray(tools.image, urls));
  return new Set(rows.map((row) => row.url));
}

/**
 * What the statement recording a reservation answers besides its own row: the stock change, or null when it
 * found the row a retried request recorded before and took no stock again.
 */
export interface StockReserved {
  stockChange: string | null;
}

/**
 * Why the statement took no stock, from the tool as it saw it: no such tool, a quantity below its minimum
 * order (`minimum`), more than its stock, or a total over the request's `maxTotalCents`; in that order.
 */
export type StockRefused =
  { refused: 'missing' | 'notEnoughStock' | 'overTotal' } | { refused: 'belowMinimum'; minimum: number };

/** What an order asks of a tool's stock: `quantity` within [minimum, stock], and a total within `maxTotalCents`. */
export interface StockRequest {
  toolId: string;
  quantity: number;
  maxTotalCents: number;
}

/** Puts `quantity` back into the tool's stock; answers the change, or nothing when the tool is gone. */
export async function releaseStock(
  tx: Executor,
  toolId: string,
  quantity: number,
): Promise<StockChange | undefined> {
  const write = stockWrite(sql`available_quantity + ${quantity}::int`);
  const result = await tx.execute(
    sql`UPDATE ${tools} SET ${write.set} WHERE id = ${toolId}::uuid RETURNING ${write.returning}`,
  );
  const [row] = (result as { rows: Array<{ stock_change: string }> }).rows;
  return row && parseStockChange(row.stock_change);
}

/** An administrator's save of the update form, with the version and the stock the form was loaded with. */
export interface ToolEdit {
  /** Without a name, the name stays. */
  fields: Pick<NewToolRow, 'priceCents' | 'minOrderQuantity' | 'details' | 'image'> & { name?: string };
  availableQuantity: number;
  loadedAvailableQuantity: number;
  version: number;
}

export type ToolEditOutcome =
  | { status: 'edited' }
  | { status: 'missing' }
  | { status: 'stale'; current: ToolRow }
  | { status: 'stockOutOfRange'; current: ToolRow; change: number };

/**
 * One conditional UPDATE, so that nothing can come between the check and the write: the fields as sent, the
 * stock moved by what the editor changed (orders placed or cancelled since the form was loaded stay counted),
 * and the version bumped; only if nobody edited the tool since and the stock stays within [0, MAX_STOCK] (or,
 * above it, does not go up).
 */
export async function editTool(tx: Executor, id: string, edit: ToolEdit): Promise<ToolEditOutcome> {
  const change = edit.availableQuantity - edit.loadedAvailableQuantity;
  const newStock = sql`${tools.availableQuantity} + ${change}`;
  const edited = await tx
    .update(tools)
    .set({
      ...edit.fields,
      availableQuantity: newStock,
      version: sql`${tools.version} + 1`,
      stockRevision: sql`${tools.stockRevision} + 1`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(tools.id, id),
        eq(tools.version, edit.version),
        // A stock that cancellations took above MAX_STOCK may stay there or come down, not go up.
        sql`${newStock} >= 0 AND (${newStock} <= ${MAX_STOCK} OR ${change} <= 0)`,
      ),
    )
    .returning({ id: tools.id });
  if (edited.length > 0) return { status: 'edited' };

  const current = await findTool(tx, id);
  if (!current) return { status: 'missing' };
  if (current.version !== edit.version) return { status: 'stale', current };
  return { status: 'stockOutOfRange', current, change };
}

export async function deleteTool(tx: Executor, id: string): Promise<number> {
  const rows = await tx.delete(tools).where(eq(tools.id, id)).returning({ id: tools.id });
  return rows.length;
}
