import type { Db } from './client.ts';

/** The database or an open transaction on it: what a repository runs its statements on. */
export type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** An open transaction, which also takes work to do once it has committed. */
export interface Tx extends Executor {
  /**
   * Runs `action` after the commit, never after a rollback: quick work in this process, such as dropping a
   * cache. Lasting work (a mail) is queued as a job inside the transaction instead.
   */
  afterCommit(action: () => void): void;
}

/**
 * The one place that runs a change of several statements: `work` commits as a whole or not at all, and the
 * actions it registered with `tx.afterCommit` run once it has committed.
 */
export async function inTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  const committed: Array<() => void> = [];
  const afterCommit = (action: () => void) => {
    committed.push(action);
  };
  const result = await db.transaction((tx) => work(Object.assign(tx, { afterCommit })));
  for (const action of committed) action();
  return result;
}
