import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Tool } from '#shared/schemas/tools.ts';
import { noteAnswerFromMemory } from '#server/db/cached-reads-first.ts';
import { shortageOf } from '#server/failure-cause.ts';
import { atOnce, type Turn } from '#server/client-turns.ts';
import { LoadsUnderWay } from './loads-under-way.ts';
import { KeptMatches, type NameRanks, type SearchMatches } from './search-matches.ts';
import { toApiTool, type MatchColumns, type StockChange, type ToolRow } from './tools.repo.ts';

export interface CachedResponse {
  body: string;
  etag: string;
  /** The body compressed, once a client has asked for it so. */
  br?: Buffer;
  gzip?: Buffer;
}

/** What an answer is made of, as its loader read it from the database. */
export interface Loaded {
  /** The tools it shows, in its order. */
  rows: ToolRow[];
  /** The answer's JSON from its (current) tools. */
  shape: (tools: Tool[]) => unknown;
  /** Chosen by their stock (in stock only): any stock change may add or remove one of them. */
  stockFiltered?: boolean;
}

interface Answer {
  tools: Tool[];
  /** Each tool's place in `tools`, and its stock_revision as `tools` shows it. */
  position: Map<string, number>;
  revision: Map<string, number>;
  shape: Loaded['shape'];
  stockFiltered: boolean;
  /** Serialized on first use after each change. */
  response?: CachedResponse;
}

/** A load under way: the stock changes heard meanwhile, and whether the catalogue was dropped meanwhile. */
interface Flight {
  heard: StockChange[];
  dropped: boolean;
}

/** Bounds of the kept answers: the catalogue itself is never held whole (it may have 100,000 tools). */
const MAX_ANSWERS = 2000;
const MAX_TOOLS_KEPT = 20_000;

function answerOf({ rows, shape, stockFiltered = false }: Loaded): Answer {
  return {
    tools: rows.map(toApiTool),
    position: new Map(rows.map((row, index) => [row.id, index])),
    revision: new Map(rows.map((row) => [row.id, row.stockRevision])),
    shape,
    stockFiltered,
  };
}

/** Shows the change unless the answer already shows it or a newer one. */
function applyStockChange(answer: Answer, change: StockChange): void {
  const position = answer.position.get(change.toolId);
  if (position === undefined || change.revision <= answer.revision.get(change.toolId)!) return;
  answer.revision.set(change.toolId, change.revision);
  answer.tools[position] = {
    ...answer.tools[position]!,
    availableQuantity: change.availableQuantity,
    updatedAt: change.updatedAt.toISOString(),
  };
  delete answer.response;
}

function serialized(answer: Answer): CachedResponse {
  if (!answer.response) {
    const body = JSON.stringify(answer.shape(answer.tools));
    answer.response = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
  }
  return answer.response;
}

/**
 * The catalogue's answers (pages, the newest tools, single tools), each kept once read, in a bounded cache:
 * reads of the same thing do not go to the database again. A stock change (an order, a cancellation, an
 * expiry) arrives with the tool's new stock and is applied to every kept answer that shows the tool, so a
 * stream of orders neither empties the cache nor makes a read wait for the database; only answers chosen by
 * stock are dropped. Other changes (a tool added, edited or deleted) drop every answer. The matches of recent
 * searches are kept alike (search-matches.ts).
 */
export class Catalogue {
  private readonly answers: LRUCache<string, Answer>;
  /** Which kept answers show each tool. */
  private readonly showing = new Map<string, Set<string>>();
  private readonly stockFiltered = new Set<string>();
  private readonly loading = new LoadsUnderWay<Answer | undefined>();
  private readonly flights = new Set<Flight>();
  /** The answers kept when notifications may have been missed: served only while the database is out of reach. */
  private readonly fallback = new Map<string, { answer: Answer; since: number }>();
  /** How many tools each search and filter finds, however the answers page and sort them. */
  private readonly totals = new LRUCache<string, number>({ max: MAX_ANSWERS });
  /** The same for searches chosen by stock, which every stock change drops. */
  private readonly stockTotals = new LRUCache<string, number>({ max: MAX_ANSWERS });
  /** Go up with every change that a count in progress may have missed. */
  private changes = 0;
  private stockChanges = 0;
  private loads = 0;
  private readonly kept: KeptMatches;

  /**
   * `staleForMs`: how old a fallback answer may be and still be served; `matchesPerSearch`: the most matches of
   * a search that are kept (KeptMatches).
   */
  constructor(
    private readonly staleForMs = 0,
    matchesPerSearch?: number,
  ) {
    this.kept = new KeptMatches(matchesPerSearch);
    this.answers = new LRUCache<string, Answer>({
      max: MAX_ANSWERS,
      maxSize: MAX_TOOLS_KEPT,
      sizeCalculation: (answer) => Math.max(1, answer.tools.length),
      dispose: (answer, key) => this.forget(key, answer),
    });
  }

  /** How many answers were read from the database. */
  get loadCount(): number {
    return this.loads;
  }

  invalidate(): void {
    this.fallback.clear();
    this.dropAnswers();
  }

  /**
   * Notifications may have been missed (the connection that hears them was lost, or has just come back):
   * every answer is read again, but until then the ones kept now stay at hand for a database out of reach.
   */
  uncertain(): void {
    const now = Date.now();
    for (const [key, { since }] of this.fallback)
      if (now - since > this.staleForMs) this.fallback.delete(key);
    for (const [key, answer] of this.staleForMs > 0 ? this.answers.entries() : []) {
      if (!this.fallback.has(key)) this.fallback.set(key, { answer, since: now });
    }
    this.dropAnswers();
  }

  private dropAnswers(): void {
    for (const flight of this.flights) flight.dropped = true;
    this.loading.forgetAll();
    this.answers.clear();
    this.kept.dropAll();
    this.totals.clear();
    this.stockTotals.clear();
    this.changes += 1;
  }

  /** The count kept for `key`, else the one `count` makes, kept unless the catalogue changed meanwhile. */
  async total(key: string, stockFiltered: boolean, count: () => Promise<number>): Promise<number> {
    const totals = stockFiltered ? this.stockTotals : this.totals;
    const kept = totals.get(key);
    if (kept !== undefined) return kept;
    const [changes, stockChanges] = [this.changes, this.stockChanges];
    const total = await count();
    const missed = changes !== this.changes || (stockFiltered && stockChanges !== this.stockChanges);
    if (!missed) totals.set(key, total);
    return total;
  }

  stockChanged(change: StockChange): void {
    this.stockChanges += 1;
    this.stockTotals.clear();
    this.kept.stockChanged(change);
    for (const flight of this.flights) flight.heard.push(change);
    for (const key of this.stockFiltered) this.answers.delete(key);
    for (const key of this.showing.get(change.toolId) ?? []) {
      const answer = this.answers.peek(key);
      if (answer) applyStockChange(answer, change);
    }
  }

  /** What the search `words` matches, kept or read by `read` (KeptMatches.of). */
  matches(words: string, read: (limit: number) => Promise<MatchColumns>): Promise<SearchMatches | undefined> {
    return this.kept.of(words, read);
  }

  /** Each tool's place in the name sort (KeptMatches.nameRanks). */
  nameRanks(read: () => Promise<string[]>): Promise<NameRanks> {
    return this.kept.nameRanks(read);
  }

  /**
   * The answer kept for `key`, else the one `load` reads (once, however many ask at the same time) and keeps.
   * `load` answers undefined for a thing that is not there, or not to be kept whole. It runs in `turn`, the
   * asking client's (#server/client-turns.ts); a read that joins a load under way takes none.
   */
  async answer(
    key: string,
    load: () => Promise<Loaded | undefined>,
    turn: Turn = atOnce,
  ): Promise<CachedResponse | undefined> {
    const kept = this.answers.get(key);
    if (kept) {
      noteAnswerFromMemory();
      return serialized(kept);
    }
    try {
      const answer = await this.loading.share(key, () => turn(() => this.load(key, load)));
      this.fallback.delete(key);
      return answer && serialized(answer);
    } catch (error) {
      const kept = this.fallback.get(key);
      if (!kept || shortageOf(error) !== 'database' || Date.now() - kept.since > this.staleForMs) throw error;
      return serialized(kept.answer);
    }
  }

  private async load(key: string, load: () => Promise<Loaded | undefined>): Promise<Answer | undefined> {
    this.loads += 1;
    const flight: Flight = { heard: [], dropped: false };
    this.flights.add(flight);
    try {
      const loaded = await load();
      if (!loaded) return undefined;
      const answer = answerOf(loaded);
      // The load may have read a tool before a change heard meanwhile or after it: its revision tells.
      for (const change of flight.heard) applyStockChange(answer, change);
      const outdated = flight.dropped || (answer.stockFiltered && flight.heard.length > 0);
      if (!outdated) this.keep(key, answer);
      return answer;
    } finally {
      this.flights.delete(flight);
    }
  }

  private keep(key: string, answer: Answer): void {
    this.answers.set(key, answer);
    if (!this.answers.has(key)) return;
    if (answer.stockFiltered) this.stockFiltered.add(key);
    for (const id of answer.position.keys()) {
      let keys = this.showing.get(id);
      if (!keys) this.showing.set(id, (keys = new Set()));
      keys.add(key);
    }
  }

  private forget(key: string, answer: Answer): void {
    this.stockFiltered.delete(key);
    for (const id of answer.position.keys()) {
      const keys = this.showing.get(id);
      keys?.delete(key);
      if (keys?.size === 0) this.showing.delete(id);
    }
  }
}
