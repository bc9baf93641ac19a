import { describe, expect, it } from 'vitest';
import { orderBatches } from './order-batches.ts';

/** A placeAll whose calls the test sees and ends itself; it fails any batch holding a negative order. */
function placements() {
  const calls: Array<{ batch: readonly number[]; end: () => void }> = [];
  const placeAll = (batch: readonly number[]) =>
    new Promise<string[]>((resolve, reject) => {
      calls.push({
        batch,
        end: () =>
          batch.some((order) => order < 0)
            ? reject(new Error(`order ${batch.find((order) => order < 0)} broke the statement`))
            : resolve(batch.map((order) => `placed ${order}`)),
      });
    });
  return { calls, place: orderBatches(placeAll) };
}

const settled = (promise: Promise<string>) => promise.then(String, (error: Error) => error.message);

describe('orderBatches', () => {
  it('places an order at once when none is being placed, and those that arrive meanwhile together', async () => {
    const { calls, place } = placements();
    const first = place(1);
    await expect.poll(() => calls.length).toBe(1);
    const rest = [place(2), place(3), place(4)];
    // Nothing more is sent while the first statement runs.
    await Promise.resolve();
    expect(calls.map((call) => call.batch)).toEqual([[1]]);
    calls[0]!.end();
    await expect(first).resolves.toBe('placed 1');
    await expect.poll(() => calls.length).toBe(2);
    expect(calls[1]!.batch).toEqual([2, 3, 4]);
    calls[1]!.end();
    await expect(Promise.all(rest)).resolves.toEqual(['placed 2', 'placed 3', 'placed 4']);
  });

  it('places a batch that failed again one order at a time, so that only the order at fault fails', async () => {
    const { calls, place } = placements();
    const first = place(1);
    await expect.poll(() => calls.length).toBe(1);
    const rest = [place(2), place(-3), place(4)].map(settled);
    calls[0]!.end();
    await first;
    await expect.poll(() => calls.length).toBe(2);
    calls[1]!.end();
    await expect.poll(() => calls.length).toBe(5);
    expect(calls.slice(2).map((call) => call.batch)).toEqual([[2], [-3], [4]]);
    for (const call of calls.slice(2)) call.end();
    expect(await Promise.all(rest)).toEqual(['placed 2', 'order -3 broke the statement', 'placed 4']);
  });
});
