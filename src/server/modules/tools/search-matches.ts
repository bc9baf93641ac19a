import { LRUCache } from 'lru-cache';
import type { CatalogueSort } from '#shared/schemas/tools.ts';
import type { Paging } from '#server/db/paging.ts';
import { LoadsUnderWay } from './loads-under-way.ts';
import type { CatalogueFilter, MatchColumns, StockChange } from './tools.repo.ts';

/** A search matching more tools than this is paged by the database alone, never kept. */
const MATCHES_KEPT_PER_SEARCH = 20_000;
/** How many matches all kept searches hold together (about 15 MB), and how many searches are kept at most. */
const MATCHES_KEPT = 100_000;
const SEARCHES_KEPT = 1000;

/** Each tool's place in the name sort, by its id: the whole catalogue's, read from the name sort's index. */
export type NameRanks = Map<string, number>;

/**
 * What one search matches, each tool with what its pages are chosen and sorted by: read once, so that every
 * sort, filter and page of the search is chosen here rather than by sorting all its matches in the database
 * again (a broad search at 100,000 tools matches 12,000 tools, each read from the table to be sorted).
 */
export class SearchMatches {
  /** Each tool's place in the columns, made when a stock change first asks. */
  private index?: Map<string, number>;
  private readonly orders = new Map<CatalogueSort, Uint32Array>();

  /** `columns` newest first, as the catalogue sorts them (tools.repo.ts). */
  constructor(private readonly columns: MatchColumns) {}

  get size(): number {
    return this.columns.ids.length;
  }

  /** Shows the change unless a newer one is shown already. */
  stockChanged(change: StockChange): void {
    const { ids, stockRevision, availableQuantity } = this.columns;
    this.index ??= new Map(ids.map((id, index) => [id, index]));
    const index = this.index.get(change.toolId);
    if (index === undefined || change.revision <= stockRevision[index]!) return;
    stockRevision[index] = change.revision;
    availableQuantity[index] = change.availableQuantity;
  }

  /**
   * The ids of one page of the matches that pass `filter` in `sort` order, among the first `shownAtMost`; and
   * how many pass. The name sort needs the catalogue's `nameRanks`.
   */
  choose(
    { inStock, minPriceCents, maxPriceCents }: CatalogueFilter,
    sort: CatalogueSort,
    { page, pageSize }: Paging,
    shownAtMost: number,
    nameRanks?: NameRanks,
  ): { ids: string[]; matches: number } {
    const first = (page - 1) * pageSize;
    const end = Math.min(first + pageSize, shownAtMost);
    const ids: string[] = [];
    let matches = 0;
    const { priceCents: price, availableQuantity: stock, minOrderQuantity: minimum } = this.columns;
    for (const index of this.order(sort, nameRanks)) {
      if (inStock && stock[index]! < minimum[index]!) continue;
      if (minPriceCents !== undefined && price[index]! < minPriceCents) continue;
      if (maxPriceCents !== undefined && price[index]! > maxPriceCents) continue;
      if (matches >= first && matches < end) ids.push(this.columns.ids[index]!);
      matches += 1;
    }
    return { ids, matches };
  }

  /**
   * The indexes in `sort` order, the same order as the catalogue's sorts in the database (tools.repo.ts): the
   * columns are newest first, so the index breaks every tie as the catalogue does, by newest.
   */
  private order(sort: CatalogueSort, nameRanks?: NameRanks): Uint32Array {
    let order = this.orders.get(sort);
    if (!order) {
      if (sort === 'newest') order = new Uint32Array(this.size).map((_, index) => index);
      else if (sort === 'price-desc') order = this.order('price-asc').slice().reverse();
      else order = sortedBy(sort === 'price-asc' ? this.columns.priceCents : this.ranks(nameRanks));
      this.orders.set(sort, order);
    }
    return order;
  }

  private ranks(nameRanks: NameRanks | undefined): Uint32Array {
    if (!nameRanks) throw new Error("The name sort needs the catalogue's name ranks");
    const { ids } = this.columns;
    const ranks = new Uint32Array(ids.length);
    // A tool added since the ranks were read (they are read again after such a change) goes last.
    for (let index = 0; index < ids.length; index++)
      ranks[index] = nameRanks.get(ids[index]!) ?? nameRanks.size;
    return ranks;
  }
}

/**
 * The indexes of `key` in the order of its values, ties by index. Each index is packed with its value into one
 * number, value × length + index (exact: values are cents or ranks, and a search keeps at most 20,000 matches),
 * which a typed array sorts as numbers: sorting with a comparing function took 6–17 ms for 12,500 matches, this 2.
 */
function sortedBy(key: Int32Array | Uint32Array): Uint32Array {
  const { length } = key;
  const packed = new Float64Array(length);
  for (let index = 0; index < length; index++) packed[index] = key[index]! * length + index;
  packed.sort();
  const order = new Uint32Array(length);
  for (let place = 0; place < length; place++) order[place] = packed[place]! % length;
  return order;
}

/** A read under way: whether the kept matches were dropped meanwhile, and the stock changes heard meanwhile. */
interface Flight {
  heard: StockChange[];
  dropped: boolean;
}

/**
 * The matches of recent searches, kept like the catalogue's answers: a stock change is applied to them, any
 * other change of the catalogue drops them all. A search that matches too many is remembered as such.
 */
export class KeptMatches {
  private readonly kept = new LRUCache<string, SearchMatches>({
    max: SEARCHES_KEPT,
    maxSize: MATCHES_KEPT,
    sizeCalculation: (matches) => Math.max(1, matches.size),
  });
  private readonly broad = new LRUCache<string, true>({ max: SEARCHES_KEPT });
  private readonly loading = new LoadsUnderWay<SearchMatches | undefined>();
  private readonly flights = new Set<Flight>();
  private names?: Promise<NameRanks>;

  /** `perSearch`: the most matches a kept search may have. */
  constructor(private readonly perSearch = MATCHES_KEPT_PER_SEARCH) {}

  /**
   * The matches kept for `words`, else those `read` finds (read once, however many ask at the same time), which
   * answers at most `limit` + 1 rows; undefined for a search that matches more than `perSearch`.
   */
  async of(
    words: string,
    read: (limit: number) => Promise<MatchColumns>,
  ): Promise<SearchMatches | undefined> {
    if (this.broad.has(words)) return undefined;
    const kept = this.kept.get(words);
    if (kept) return kept;
    return this.loading.share(words, () => this.load(words, read));
  }

  /** The catalogue's name ranks, as read by `read` (once until the catalogue changes, however many ask). */
  nameRanks(read: () => Promise<string[]>): Promise<NameRanks> {
    if (!this.names) {
      const reading = read().then((ids) => new Map(ids.map((id, rank) => [id, rank])));
      this.names = reading;
      reading.catch(() => {
        if (this.names === reading) this.names = undefined;
      });
    }
    return this.names;
  }

  stockChanged(change: StockChange): void {
    for (const flight of this.flights) flight.heard.push(change);
    for (const matches of this.kept.values()) matches.stockChanged(change);
  }

  dropAll(): void {
    for (const flight of this.flights) flight.dropped = true;
    this.loading.forgetAll();
    this.kept.clear();
    this.broad.clear();
    this.names = undefined;
  }

  private async load(words: string, read: (limit: number) => Promise<MatchColumns>) {
    const flight: Flight = { heard: [], dropped: false };
    this.flights.add(flight);
    try {
      const columns = await read(this.perSearch);
      if (columns.ids.length > this.perSearch) {
        if (!flight.dropped) this.broad.set(words, true);
        return undefined;
      }
      const matches = new SearchMatches(columns);
      // The read may have seen a tool before a change heard meanwhile or after it: its revision tells.
      for (const change of flight.heard) matches.stockChanged(change);
      if (!flight.dropped) this.kept.set(words, matches);
      return matches;
    } finally {
      this.flights.delete(flight);
    }
  }
}
