import { createHash } from 'node:crypto';
import type { Tool } from '#shared/schemas/tools.ts';
import type { Db } from '#server/db/client.ts';
import { listToolsNewestFirst, toApiTool } from './tools.repo.ts';

export interface CachedResponse {
  body: string;
  etag: string;
}

interface Snapshot {
  tools: Tool[];
  byId: Map<string, Tool>;
  responses: Map<string, CachedResponse>;
}

/**
 * The catalogue changes rarely and is read on every page, so it is loaded once and kept serialized. The tools
 * service drops this copy when a change commits (and when another process announces one), so the next read
 * sees it.
 */
export class Catalogue {
  private snapshot: Promise<Snapshot> | null = null;
  private loads = 0;

  constructor(private readonly db: Db) {}

  /** How many times the catalogue was read from the database. */
  get loadCount(): number {
    return this.loads;
  }

  invalidate(): void {
    this.snapshot = null;
  }

  async list(limit?: number): Promise<CachedResponse> {
    const snapshot = await this.current();
    if (limit === undefined) return memo(snapshot, 'all', () => snapshot.tools);
    return memo(snapshot, `limit:${limit}`, () => snapshot.tools.slice(0, limit));
  }

  async one(id: string): Promise<CachedResponse | undefined> {
    const snapshot = await this.current();
    const tool = snapshot.byId.get(id);
    return tool && memo(snapshot, `id:${id}`, () => tool);
  }

  private current(): Promise<Snapshot> {
    if (!this.snapshot) {
      this.loads += 1;
      const loading = listToolsNewestFirst(this.db).then((rows) => {
        const tools = rows.map(toApiTool);
        return {
          tools,
          byId: new Map(tools.map((tool) => [tool._id, tool])),
          responses: new Map<string, CachedResponse>(),
        };
      });
      // A failed load is not kept: the next request tries again.
      loading.catch(() => {
        if (this.snapshot === loading) this.snapshot = null;
      });
      this.snapshot = loading;
    }
    return this.snapshot;
  }
}

function memo(snapshot: Snapshot, key: string, value: () => unknown): CachedResponse {
  let response = snapshot.responses.get(key);
  if (!response) {
    const body = JSON.stringify(value());
    response = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
    snapshot.responses.set(key, response);
  }
  return response;
}
