import { z } from 'zod';
import type { Database } from '#server/db/client.ts';

/** Every process hears each block and unblock on this channel (LISTEN/NOTIFY), as a BlockChange in JSON. */
export const ACCOUNT_BLOCKS_CHANNEL = 'account_blocks';

const blockChangeSchema = z.object({ userId: z.string(), blocked: z.boolean() });
export type BlockChange = z.infer<typeof blockChangeSchema>;

function parseBlockChange(payload: string): BlockChange | undefined {
  try {
    return blockChangeSchema.parse(JSON.parse(payload));
  } catch {
    return undefined;
  }
}

/**
 * The accounts blocked now, as this process knows them: read whole at start and whenever notifications may have
 * been missed, and kept by every block and unblock, made by any process. A session's browser keeps a signed
 * copy of it for a minute (the cookie cache) that no database read checks, and a sign-in that raced a block
 * may have started a session just after it: with this, neither counts for a blocked account, at no cost to a
 * request.
 */
export class BlockedAccounts {
  private readonly ids = new Set<string>();
  /** The changes heard during each whole read under way, applied again after it, in order. */
  private readonly reads = new Set<BlockChange[]>();

  has(userId: string): boolean {
    return this.ids.has(userId);
  }

  apply(change: BlockChange): void {
    for (const heard of this.reads) heard.push(change);
    this.record(change);
  }

  /** Reads the blocked accounts with `read`, then follows the changes (and reads again after a gap). */
  async follow(database: Pick<Database, 'listen'>, read: () => Promise<string[]>): Promise<void> {
    await database.listen(
      ACCOUNT_BLOCKS_CHANNEL,
      (payload) => {
        const change = parseBlockChange(payload);
        if (change) this.apply(change);
      },
      // A failed read keeps what is known; the next gap reads again.
      () => void this.readAgain(read).catch(() => undefined),
    );
    await this.readAgain(read);
  }

  /**
   * The whole set as `read` finds it, and the changes heard meanwhile on top, which may or may not be in what it
   * found: applied in order, the last change to each account stands.
   */
  private async readAgain(read: () => Promise<string[]>): Promise<void> {
    const heard: BlockChange[] = [];
    this.reads.add(heard);
    try {
      const ids = await read();
      this.ids.clear();
      for (const id of ids) this.ids.add(id);
      for (const change of heard) this.record(change);
    } finally {
      this.reads.delete(heard);
    }
  }

  private record({ userId, blocked }: BlockChange): void {
    if (blocked) this.ids.add(userId);
    else this.ids.delete(userId);
  }
}
