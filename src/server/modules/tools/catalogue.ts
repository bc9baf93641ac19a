import { createHash } from 'node:crypto';
import type { Tool } from '#shared/schemas/tools.ts';
import type { Db } from '#server/db/client.ts';
import { listToolsNewestFirst, toApiTool, toolsByIds } from './tools.repo.ts';

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
  /** Serialized answers, by what they answer: 'all', 'limit:N', 'id:ID'. */
  responses: Map<string, CachedResponse>;
}

/**
 * The catalogue is read on every page and changes mostly in its stock, so it is loaded once and kept with
 * its serialized answers. A stock change (an order, a cancellation) marks only that tool: its row is read
 * again before the next answer that shows it, and only the answers that show it are serialized again, so a
 * stream of orders does not throw the catalogue away. Other changes (a tool added, edited or deleted) drop
 * the whole copy.
 */
export class Catalogue {
  private snapshot: Promise<Snapshot> | null = null;
  private readonly stale = new Set<string>();
  private refreshing: Promise<void> | null = null;
  /** Counts changes, so that an answer serialized before a change is not kept after it. */
  private generation = 0;
  private loads = 0;

  constructor(private readonly db: Db) {}

  /** How many times the whole catalogue was read from the database. */
  get loadCount(): number {
    return this.loads;
  }

  invalidate(): void {
    this.generation += 1;
    this.snapshot = null;
    this.stale.clear();
  }

  /** The tool's stock changed: its row is read again before it is shown. */
  stockChanged(id: string): void {
    this.generation += 1;
    this.stale.add(id);
  }

  async list(limit?: number): Promise<CachedResponse> {
    return this.answer(limit === undefined ? 'all' : `limit:${limit}`, (snapshot) =>
      limit === undefined ? snapshot.tools : snapshot.tools.slice(0, limit),
    );
  }

  async one(id: string): Promise<CachedResponse | undefined> {
    const snapshot = await this.current();
    const position = snapshot.position.get(id);
    if (position === undefined) return undefined;
    return this.answer(`id:${id}`, (current) => current.tools[current.position.get(id)!]);
  }

  private async answer(key: string, value: (snapshot: Snapshot) => unknown): Promise<CachedResponse> {
    const generation = this.generation;
    const snapshot = await this.current();
    const kept = snapshot.responses.get(key);
    if (kept) return kept;
    const body = JSON.stringify(value(snapshot));
    const response = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
    // A change that came in while this was being made may not be in it.
    if (generation === this.generation) snapshot.responses.set(key, response);
    return response;
  }

  private async current(): Promise<Snapshot> {
    for (;;) {
      this.snapshot ??= this.load();
      const loading = this.snapshot;
      const snapshot = await loading;
      // Dropped while it loaded or was refreshed: start again from the database.
      if (this.snapshot !== loading) continue;
      if (this.stale.size === 0) return snapshot;
      this.refreshing ??= this.refresh(snapshot).finally(() => {
        this.refreshing = null;
      });
      await this.refreshing;
    }
  }

  private load(): Promise<Snapshot> {
    this.loads += 1;
    this.stale.clear();
    const loading = listToolsNewestFirst(this.db).then((rows) => {
      const tools = rows.map(toApiTool);
      return {
        tools,
        position: new Map(tools.map((tool, index) => [tool._id, index])),
        responses: new Map<string, CachedResponse>(),
      };
    });
    // A failed load is not kept: the next request tries again.
    loading.catch(() => {
      if (this.snapshot === loading) this.snapshot = null;
    });
    return loading;
  }

  /** Reads the stale tools again and drops the answers that show them. */
  private async refresh(snapshot: Snapshot): Promise<void> {
    const ids = [...this.stale];
    this.stale.clear();
    const rows = await toolsByIds(this.db, ids);
    // One was deleted meanwhile, or added since the copy was made: start again.
    if (rows.length < ids.length || rows.some((row) => !snapshot.position.has(row.id)))
      return this.invalidate();
    let firstChanged = Number.POSITIVE_INFINITY;
    for (const row of rows) {
      const position = snapshot.position.get(row.id)!;
      snapshot.tools[position] = toApiTool(row);
      snapshot.responses.delete(`id:${row.id}`);
      firstChanged = Math.min(firstChanged, position);
    }
    for (const key of snapshot.responses.keys()) {
      const shows = key === 'all' || (key.startsWith('limit:') && Number(key.slice(6)) > firstChanged);
      if (shows) snapshot.responses.delete(key);
    }
  }
}
