import { clientKey } from '#server/client-address.ts';
import { TooManyRequests } from '#server/domain-errors.ts';

/** Runs `work` in the client's turn. */
export type Turn = <T>(work: () => Promise<T>) => Promise<T>;

/** For work that is not a client's (the server's own, tests): at once. */
export const atOnce: Turn = (work) => work();

interface Queue {
  running: number;
  waiting: Array<() => void>;
}

/**
 * Reads that anyone may send and that need the database (the catalogue's answers not kept in memory, the
 * reviews), taken in turns by each client: at most `running` of one client's at a time, `waiting` more queued
 * behind them, and any beyond refused at once (429). Answers kept in memory take no turn.
 *
 * The embedded database runs one statement at a time for everyone, so without turns one client with hundreds
 * of connections asking for uncached pages or the whole list queued seconds of reads in front of every other
 * buyer's search, sign-in and order; with them, another client waits behind at most `running` reads of each
 * client.
 */
export class ClientTurns {
  private readonly queues = new Map<string, Queue>();

  constructor(private readonly limits = { running: 2, waiting: 30 }) {}

  /** Waits for the turn of the client at `address`; answers the function that ends it (call it once). */
  async enter(address: string): Promise<() => void> {
    const client = clientKey(address);
    let queue = this.queues.get(client);
    if (!queue) this.queues.set(client, (queue = { running: 0, waiting: [] }));
    if (queue.running >= this.limits.running) {
      if (queue.waiting.length >= this.limits.waiting) throw new TooManyRequests(1);
      await new Promise<void>((resolve) => queue.waiting.push(resolve));
    } else queue.running += 1;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.leave(client, queue);
    };
  }

  /** The turn of the client at `address`, as a function that runs work in it (the client known only then). */
  turnOf(address: string): Turn {
    return async (work) => {
      const end = await this.enter(address);
      try {
        return await work();
      } finally {
        end();
      }
    };
  }

  /** How many clients have reads running or waiting (none are kept once they have none). */
  get clients(): number {
    return this.queues.size;
  }

  /** The turn passes to the next waiting read, which keeps it running. */
  private leave(client: string, queue: Queue): void {
    const next = queue.waiting.shift();
    if (next) return next();
    queue.running -= 1;
    if (queue.running === 0) this.queues.delete(client);
  }
}
