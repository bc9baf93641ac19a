import DataLoader from 'dataloader';
import type { SQL } from 'drizzle-orm';
import { belowMinimum, notEnoughStock } from '#shared/messages.ts';
import {
  STALE_TOOL_MESSAGE,
  stockOutOfRangeMessage,
  TOOL_NOT_FOUND_MESSAGE,
  SEARCH_COUNT_LIMIT,
  type CatalogueQuery,
  type CatalogueSort,
  type Tool,
} from '#shared/schemas/tools.ts';
import { claimAppMeta } from '#server/db/app-meta.ts';
import type { Database, Db } from '#server/db/client.ts';
import type { Paging } from '#server/db/paging.ts';
import { isUuid } from '#server/db/ids.ts';
import { inTransaction, type Tx } from '#server/db/transaction.ts';
import { Conflict, InvalidInput, NotFound } from '#server/domain-errors.ts';
import { Catalogue, type CachedResponse } from './catalogue.ts';
import { atOnce, type Turn } from '#server/client-turns.ts';
import { searchWords } from './catalogue-search.ts';
import type { NameRanks, SearchMatches } from './search-matches.ts';
import { beginList, newestFirstJson, type BegunList } from './full-list.ts';
import { generatedTools } from './generated-tools.ts';
import { DEMO_CATALOGUE_SEEDED, demoToolNames, missingDemoTools } from './demo-catalogue.ts';
import {
  CATALOGUE_CHANNEL,
  catalogueCondition,
  catalogueCount,
  catalogueExtent,
  searchedRows,
  searchMatches,
  toolIdsByName,
  toolsWithIds,
  unsearchedRows,
  deleteTool,
  editTool,
  findTool,
  insertTools,
  notifyCatalogueChanged,
  parseStockChange,
  releaseStock,
  toApiTool,
  toolImagesAmong,
  toolNamesAmong,
  toolsNewestFirst,
  vacuumTools,
  type CatalogueFilter,
  type StockChange,
  type StockRefused,
  type StockRequest,
  type StockReserved,
  type NewToolRow,
  type ToolEdit,
  type ToolRow,
} from './tools.repo.ts';

export type { NewToolRow, StockRefused, StockRequest, StockReserved, ToolRow } from './tools.repo.ts';

/** A serialized answer, or the whole catalogue's JSON as it is read, chunk by chunk. */
export type CatalogueReply = CachedResponse | { stream: AsyncIterable<string> };

/** Up to this many tools, the whole list is kept in memory like any other answer. */
const WHOLE_LIST_KEPT = 1000;

const asList = (tools: Tool[]) => tools;

const UNFILTERED: CatalogueFilter = { q: '', inStock: false };

/** Generated tools inserted per transaction. */
const GROW_BATCH = 1000;

/**
 * The catalogue and its stock. Reads come from a cache in this process; every change, stock reservations
 * included, tells the other processes (NOTIFY, delivered at commit) and drops this process's cache once it
 * has committed.
 */
export class ToolsService {
  readonly #catalogue: Catalogue;
  readonly #toolsById: DataLoader<string, ToolRow | undefined>;
  readonly #walkLimit: number | undefined;

  /**
   * `staleCatalogueMs`: see Catalogue; how long a copy may serve reads while the database is out of reach.
   * `matchesPerSearch`: the most matches of a search kept to page it (search-matches.ts). `walkLimit`: the
   * most tools a page of a search too broad to keep walks past (searchedRows).
   */
  constructor(
    private readonly db: Db,
    {
      staleCatalogueMs = 0,
      matchesPerSearch,
      walkLimit,
    }: { staleCatalogueMs?: number; matchesPerSearch?: number; walkLimit?: number } = {},
  ) {
    this.#catalogue = new Catalogue(staleCatalogueMs, matchesPerSearch);
    this.#walkLimit = walkLimit;
    // The pages of one search, chosen together once its matches are read, read their tools in one query.
    this.#toolsById = new DataLoader((ids) => toolsWithIds(db, ids), { cache: false, maxBatchSize: 1000 });
  }

  /**
   * Follows the other processes' changes: a stock change is applied to the cached tool, any other change
   * (or a time when notifications may have been missed) drops the cache.
   */
  followChanges(database: Pick<Database, 'listen'>): Promise<void> {
    return database.listen(
      CATALOGUE_CHANNEL,
      (payload) => {
        const change = payload ? parseStockChange(payload) : undefined;
        if (change) this.#catalogue.stockChanged(change);
        else this.#catalogue.invalidate();
      },
      () => this.#catalogue.uncertain(),
    );
  }

  /** How many times the catalogue was read from the database. */
  get catalogueLoads(): number {
    return this.#catalogue.loadCount;
  }

  /**
   * The `limit` newest tools. Without a limit every tool, newest first: kept whole while the catalogue has at
   * most WHOLE_LIST_KEPT tools, else read and sent a chunk at a time, never held whole. What is not kept is
   * read in `turn` (the asking client's; the stream's chunks in the caller's).
   */
  async list(limit?: number, turn: Turn = atOnce): Promise<CatalogueReply> {
    if (limit !== undefined) {
      return (await this.#catalogue.answer(
        `newest:${limit}`,
        async () => ({ rows: await toolsNewestFirst(this.db, limit), shape: asList }),
        turn,
      ))!;
    }
    let begun: BegunList | undefined;
    const whole = await this.#catalogue.answer(
      'all',
      async () => {
        begun = await beginList(this.db, WHOLE_LIST_KEPT);
        return begun.rest ? undefined : { rows: begun.read.flat(), shape: asList };
      },
      turn,
    );
    return whole ?? { stream: newestFirstJson(this.db, begun) };
  }

  /** A page of the catalogue, as GET /api/catalogue answers it; read in `turn` unless it is kept. */
  page(
    { q, sort, inStock, minPrice, maxPrice, page, pageSize }: CatalogueQuery,
    turn: Turn = atOnce,
  ): Promise<CachedResponse> {
    const filter = {
      // Its words in any order find the same tools: one answer, and one read of its matches, for every order.
      q: searchWords(q).sort().join(' '),
      inStock,
      // A bound between two cents takes the cents within it.
      minPriceCents: minPrice === undefined ? undefined : Math.ceil(minPrice * 100 - 1e-6),
      maxPriceCents: maxPrice === undefined ? undefined : Math.floor(maxPrice * 100 + 1e-6),
    };
    const key = `page:${JSON.stringify([filter, sort, page, pageSize])}`;
    return this.#catalogue.answer(
      key,
      async () => {
        const paging = { page, pageSize };
        const kept = filter.q ? await this.#matches(filter.q) : undefined;
        const { rows, total, moreThanTotal } = kept
          ? await this.#pageOfMatches(kept, filter, sort, paging)
          : await this.#pageFromDatabase(filter, sort, paging);
        return {
          rows,
          stockFiltered: inStock,
          shape: (tools) => ({ tools, total, moreThanTotal, page, pageSize }),
        };
      },
      turn,
    ) as Promise<CachedResponse>;
  }

  /** What the search `words` matches, unless it matches too many to keep. */
  #matches(words: string): Promise<SearchMatches | undefined> {
    return this.#catalogue.matches(words, async (limit) => {
      const { where } = await catalogueCondition(this.db, { ...UNFILTERED, q: words });
      return searchMatches(this.db, where!, limit);
    });
  }

  /**
   * Reads the catalogue's name order ahead of the first search sorted by name, which would otherwise wait for it
   * (90 ms at 100,000 tools). It is read again when a search sorted by name first needs it after a change.
   */
  async readNameOrder(): Promise<void> {
    await this.#nameRanks();
  }

  #nameRanks(): Promise<NameRanks> {
    return this.#catalogue.nameRanks(() => toolIdsByName(this.db));
  }

  /** A page of a search chosen among its kept matches; only the page's own tools are read. */
  async #pageOfMatches(matches: SearchMatches, filter: CatalogueFilter, sort: CatalogueSort, paging: Paging) {
    const nameRanks = sort === 'name' ? await this.#nameRanks() : undefined;
    const chosen = matches.choose(filter, sort, paging, SEARCH_COUNT_LIMIT, nameRanks);
    const total = Math.min(chosen.matches, SEARCH_COUNT_LIMIT);
    const rows = await Promise.all(chosen.ids.map((id) => this.#toolsById.load(id)));
    return { rows: rows.filter((row) => row !== undefined), total, moreThanTotal: chosen.matches > total };
  }

  /** A page chosen, counted and sorted by the database: the catalogue unsearched, or a search too broad to keep. */
  async #pageFromDatabase(filter: CatalogueFilter, sort: CatalogueSort, paging: Paging) {
    const condition = await catalogueCondition(this.db, filter);
    // A search is counted one past its limit, to know whether it matched more.
    const counted = condition.searched ? SEARCH_COUNT_LIMIT + 1 : Infinity;
    const matches = await this.#count(filter, condition, counted);
    const total = Math.min(matches, counted - 1);
    const first = (paging.page - 1) * paging.pageSize;
    if (first >= total) return { rows: [], total, moreThanTotal: matches > total };
    const found = condition.searched
      ? await searchedRows(
          this.db,
          condition,
          sort,
          paging,
          { matches, counted, tools: await this.#count(UNFILTERED, { where: undefined }, Infinity) },
          this.#walkLimit,
        )
      : await unsearchedRows(this.db, filter, sort, paging);
    // The last of a capped search's pages ends at its total.
    return { rows: found.slice(0, total - first), total, moreThanTotal: matches > total };
  }

  /** How many tools pass a filter, up to `limit`: the same for every page and sort of a search, counted once. */
  #count(filter: CatalogueFilter, condition: { where: SQL | undefined }, limit: number): Promise<number> {
    return this.#catalogue.total(JSON.stringify(filter), filter.inStock, () =>
      catalogueCount(this.db, condition, Number.isFinite(limit) ? limit : undefined),
    );
  }

  /** One tool, read in `turn` unless it is kept. */
  async one(id: string, turn: Turn = atOnce): Promise<CachedResponse> {
    const key = id.toLowerCase();
    const tool = isUuid(id)
      ? await this.#catalogue.answer(
          `id:${key}`,
          async () => {
            const row = await findTool(this.db, key);
            return row && { rows: [row], shape: ([shown]: Tool[]) => shown };
          },
          turn,
        )
      : undefined;
    if (!tool) throw new NotFound(TOOL_NOT_FOUND_MESSAGE);
    return tool;
  }

  add(rows: NewToolRow[]): Promise<ToolRow[]> {
    return inTransaction(this.db, (tx) => this.insert(tx, rows));
  }

  /** An administrator's save; refused with the tool as it is now when it would overwrite a newer change. */
  async edit(id: string, edit: ToolEdit): Promise<void> {
    if (!isUuid(id)) throw new NotFound(TOOL_NOT_FOUND_MESSAGE);
    const outcome = await inTransaction(this.db, async (tx) => {
      const result = await editTool(tx, id, edit);
      if (result.status === 'edited') await this.changed(tx);
      return result;
    });
    if (outcome.status === 'edited') return;
    if (outcome.status === 'missing') throw new NotFound(TOOL_NOT_FOUND_MESSAGE);
    const message =
      outcome.status === 'stale'
        ? STALE_TOOL_MESSAGE
        : stockOutOfRangeMessage(outcome.current.availableQuantity, outcome.change);
    throw new Conflict(message, { tool: toApiTool(outcome.current) });
  }

  /** Deletes the tool (orders keep their own copy of it); answers how many were deleted. */
  async remove(id: string): Promise<number> {
    if (!isUuid(id)) return 0;
    return inTransaction(this.db, async (tx) => {
      const deleted = await deleteTool(tx, id);
      if (deleted > 0) await this.changed(tx);
      return deleted;
    });
  }

  /**
   * Takes `quantity` from the tool's stock and records what for, in one statement that commits on its own:
   * `record` takes the stock and writes its row (the database's place_order), answering it with the
   * reservation's `stock_change`, or why it took none. No interleaving can oversell, and the tool's row is
   * locked only for that one statement. Refuses, in words addressed to the buyer, a quantity outside
   * [minimum order, stock]; answers 'overTotal' when only `maxTotalCents` stood in the way.
   */
  async reserveStockFor<T>(
    request: StockRequest & { buyerName: string },
    record: (request: StockRequest) => Promise<(StockReserved & { recorded: T }) | StockRefused>,
  ): Promise<T | 'overTotal'> {
    const { toolId, quantity, maxTotalCents, buyerName } = request;
    if (!isUuid(toolId)) throw new NotFound(TOOL_NOT_FOUND_MESSAGE);
    const reserved = await record({ toolId, quantity, maxTotalCents });
    if ('recorded' in reserved) {
      const change = reserved.stockChange && parseStockChange(reserved.stockChange);
      if (change) this.#catalogue.stockChanged(change);
      return reserved.recorded;
    }
    switch (reserved.refused) {
      case 'missing':
        throw new NotFound(TOOL_NOT_FOUND_MESSAGE);
      case 'belowMinimum':
        throw new InvalidInput(belowMinimum(buyerName, reserved.minimum));
      case 'notEnoughStock':
        throw new InvalidInput(notEnoughStock(buyerName));
      case 'overTotal':
        return 'overTotal';
    }
  }

  /** Puts a reservation back within the caller's transaction (nothing when the tool has been deleted). */
  async releaseStock(tx: Tx, toolId: string | null, quantity: number): Promise<void> {
    if (toolId) this.stockWritten(tx, await releaseStock(tx, toolId, quantity));
  }

  /**
   * Adds generated tools, older than every tool there, until the catalogue has `size`, a `soldOut` share of
   * them out of stock; answers how many were added. For trying and benchmarking a large catalogue
   * (`npm run db:seed -- --tools N`).
   */
  async growCatalogue(
    size: number,
    { soldOut = 0, progress }: { soldOut?: number; progress?: (added: number) => void } = {},
  ): Promise<number> {
    const { count, oldest } = await catalogueExtent(this.db);
    const rows = generatedTools(Math.max(0, size - count), oldest ?? new Date(), {
      firstSerial: 10000 + count,
      soldOut,
    });
    for (let start = 0; start < rows.length; start += GROW_BATCH) {
      await this.add(rows.slice(start, start + GROW_BATCH));
      progress?.(Math.min(rows.length, start + GROW_BATCH));
    }
    // So that the planner knows the catalogue's new size, and reads skip checking every new row's
    // transaction, at once (PGlite has no autovacuum to do it).
    if (rows.length > 0) await vacuumTools(this.db);
    return rows.length;
  }

  /** Which of these image URLs a tool shows. */
  imagesInUse(urls: string[]): Promise<Set<string>> {
    return toolImagesAmong(this.db, urls);
  }

  /**
   * Adds the demo catalogue. On start it runs once per database (a marker row, claimed in the same
   * transaction, keeps a second start or a second process from seeding again); `always` is for
   * `npm run db:seed`, which adds whichever demo tools are missing by name.
   */
  seedDemoCatalogue({ always = false }: { always?: boolean } = {}): Promise<{ inserted: number }> {
    return inTransaction(this.db, async (tx) => {
      const claimed = await claimAppMeta(tx, DEMO_CATALOGUE_SEEDED, new Date().toISOString());
      if (!claimed && !always) return { inserted: 0 };
      const missing = missingDemoTools(await toolNamesAmong(tx, demoToolNames));
      return { inserted: (await this.insert(tx, missing)).length };
    });
  }

  private async insert(tx: Tx, rows: NewToolRow[]): Promise<ToolRow[]> {
    const inserted = await insertTools(tx, rows);
    if (inserted.length > 0) await this.changed(tx);
    return inserted;
  }

  /** The catalogue changed in `tx`: the other processes hear of it at commit, this one drops its cache then. */
  private async changed(tx: Tx): Promise<void> {
    await notifyCatalogueChanged(tx);
    tx.afterCommit(() => this.#catalogue.invalidate());
  }

  /** Once `tx` has committed, this process shows the stock change without waiting for its notification. */
  private stockWritten(tx: Tx, change: StockChange | undefined): void {
    if (change) tx.afterCommit(() => this.#catalogue.stockChanged(change));
  }
}
