import { createHash } from 'node:crypto';
import type { Tool } from '#shared/schemas/tools.ts';
import type { Db } from '#server/db/client.ts';
import { listToolsNewestFirst, toApiTool, type StockChange, type ToolRow } from './tools.repo.ts';

export interface CachedResponse {
  body: string;
  etag: string;
  /** The body compressed, once a client has asked for it so. */
  br?: Buffer;
  gzip?: Buffer;
}

interface Snapshot {
  /** Newest first. */
  tools: Tool[];
  /** Each tool's place in `tools`. */
  position: Map<string, number>;
  /** Each tool's stock_revision as `tools` shows it. */
  revision: Map<string, number>;
  /** Serialized answers, by what they answer: 'all', 'limit:N', 'id:ID'. */
  responses: Map<string, CachedResponse>;
}

function snapshotOf(rows: ToolRow[]): Snapshot {
  return {
    tools: rows.map(toApiTool),
    position: new Map(rows.map((row, index) => [row.id, index])),
    revision: new Map(rows.map((row) => [row.id, row.stockRevision])),
    responses: new Map(),
  };
}

/**
 * Shows the change unless the snapshot already shows it or a newer one, and drops the answers that show the
 * tool; answers false for a tool the snapshot does not have.
 */
function applyStockChange(snapshot: Snapshot, change: StockChange): boolean {
  const position = snapshot.position.get(change.toolId);
  if (position === undefined) return false;
  if (change.revision <= snapshot.revision.get(change.toolId)!) return true;
  snapshot.revision.set(change.toolId, change.revision);
  snapshot.tools[position] = {
    ...snapshot.tools[position]!,
    availableQuantity: change.availableQuantity,
    updatedAt: change.updatedAt.toISOString(),
  };
  for (const key of snapshot.responses.keys()) {
    const shows =
      key === 'all' ||
      key === `id:${change.toolId}` ||
      (key.startsWith('limit:') && Number(key.slice(6)) > position);
    if (shows) snapshot.responses.delete(key);
  }
  return true;
}

/**
 * The catalogue is read on every page and changes mostly in its stock, so it is loaded once and kept with
 * its serialized answers. A stock change (an order, a cancellation, an expiry) arrives with the tool's new
 * stock and is applied in memory, dropping only the answers that show that tool: a stream of orders neither
 * throws the catalogue away nor makes a read wait for the database. Other changes (a tool added, edited or
 * deleted) drop the whole copy.
 */
export class Catalogue {
  private snapshot: Promise<Snapshot> | null = null;
  /** The snapshot once loaded; until then, the stock changes heard meanwhile wait in `heardWhileLoading`. */
  private loaded: Snapshot | null = null;
  private heardWhileLoading: StockChange[] = [];
  private loads = 0;

  constructor(private readonly db: Db) {}

  /** How many times the whole catalogue was read from the database. */
  get loadCount(): number {
    return this.loads;
  }

  invalidate(): void {
    this.snapshot = null;
    this.loaded = null;
    this.heardWhileLoading = [];
  }

  stockChanged(change: StockChange): void {
    if (this.loaded) {
      if (!applyStockChange(this.loaded, change)) this.invalidate();
    } else if (this.snapshot) {
      // The load may have read the tool before this change or after it: its revision will tell.
      this.heardWhileLoading.push(change);
    }
  }

  async list(limit?: number): Promise<CachedResponse> {
    const snapshot = await this.current();
    return answer(snapshot, limit === undefined ? 'all' : `limit:${limit}`, () =>
      limit === undefined ? snapshot.tools : snapshot.tools.slice(0, limit),
    );
  }

  async one(id: string): Promise<CachedResponse | undefined> {
    const snapshot = await this.current();
    const position = snapshot.position.get(id);
    if (position === undefined) return undefined;
    return answer(snapshot, `id:${id}`, () => snapshot.tools[position]);
  }

  private async current(): Promise<Snapshot> {
    for (;;) {
      this.snapshot ??= this.load();
      const loading = this.snapshot;
      const snapshot = await loading;
      // Dropped while it loaded: start again from the database.
      if (this.snapshot === loading) return snapshot;
    }
  }

  private load(): Promise<Snapshot> {
    this.loads += 1;
    this.heardWhileLoading = [];
    const loading: Promise<Snapshot> = listToolsNewestFirst(this.db).then((rows) => {
      const snapshot = snapshotOf(rows);
      if (this.snapshot !== loading) return snapshot;
      const heard = this.heardWhileLoading;
      this.heardWhileLoading = [];
      if (heard.every((change) => applyStockChange(snapshot, change))) this.loaded = snapshot;
      else this.snapshot = null;
      return snapshot;
    });
    // A failed load is not kept: the next request tries again.
    loading.catch(() => {
      if (this.snapshot === loading) this.snapshot = null;
    });
    return loading;
  }
}

/** The answer kept for `key`, else `value` serialized and kept. */
function answer(snapshot: Snapshot, key: string, value: () => unknown): CachedResponse {
  const kept = snapshot.responses.get(key);
  if (kept) return kept;
  const body = JSON.stringify(value());
  const response = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
  snapshot.responses.set(key, response);
  return response;
}
