import DataLoader from 'dataloader';

/** Orders in one statement at most; more waiting at once go in several, sent together. */
const MAX_BATCH = 100;

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/**
 * Places each order through `placeAll`, together with the orders that arrived while its previous call ran
 * (group commit): a statement costs the embedded database's thread a fixed time, and PostgreSQL a round trip
 * and a commit, however many orders it places. An order that arrives while none is being placed goes at once,
 * alone. A batch that fails as a whole (say, one buyer's account was deleted meanwhile) is placed again one
 * order at a time, so that only the order at fault fails.
 */
export function orderBatches<Order, Placing>(
  placeAll: (batch: readonly Order[]) => Promise<Placing[]>,
): (order: Order) => Promise<Placing> {
  let placing: Promise<unknown> = Promise.resolve();
  const loader = new DataLoader<Order, Placing>(
    (batch) => {
      const placed = placeAll(batch).catch((error: unknown) =>
        batch.length === 1
          ? [asError(error)]
          : Promise.all(batch.map((order) => placeAll([order]).then(([one]) => one!, asError))),
      );
      placing = placed;
      return placed;
    },
    {
      cache: false,
      maxBatchSize: MAX_BATCH,
      batchScheduleFn: (send) => void placing.then(send, send),
    },
  );
  return (order) => loader.load(order);
}
