import { describe, expect, it } from 'vitest';
import { memoryHitCounter } from './hit-counter.ts';

// The embedded database's counter; the same rules on PostgreSQL are the database function's
// (rate-limit.test.ts runs against whichever database the suite has).
describe('the in-memory request counter', () => {
  const clock = () => {
    let time = 1_000_000;
    return { now: () => time, pass: (seconds: number) => (time += seconds * 1000) };
  };

  it("counts each key in a window that starts with the key's first request", async () => {
    const { now, pass } = clock();
    const counter = memoryHitCounter({ now });
    expect(await counter.count(['a', 'b'], 60)).toEqual([
      { key: 'a', hits: 1, resetIn: 60 },
      { key: 'b', hits: 1, resetIn: 60 },
    ]);
    pass(20.5);
    expect(await counter.count(['a'], 60)).toEqual([{ key: 'a', hits: 2, resetIn: 40 }]);
    expect(await counter.count(['a', 'c'], 60)).toEqual([
      { key: 'a', hits: 3, resetIn: 40 },
      { key: 'c', hits: 1, resetIn: 60 },
    ]);
  });

  it('starts afresh once the window has ended, with no boundary where twice the limit passes', async () => {
    const { now, pass } = clock();
    const counter = memoryHitCounter({ now });
    await counter.count(['a'], 60);
    pass(59);
    expect(await counter.count(['a'], 60)).toEqual([{ key: 'a', hits: 2, resetIn: 1 }]);
    pass(1);
    expect(await counter.count(['a'], 60)).toEqual([{ key: 'a', hits: 1, resetIn: 60 }]);
    pass(30);
    expect(await counter.count(['a'], 60)).toEqual([{ key: 'a', hits: 2, resetIn: 30 }]);
  });

  it('forgets ended windows when pruned, and keeps the rest', async () => {
    const { now, pass } = clock();
    const counter = memoryHitCounter({ now });
    await counter.count(['minute'], 60);
    await counter.count(['hour'], 3600);
    pass(61);
    await counter.prune();
    expect(await counter.count(['minute', 'hour'], 60)).toEqual([
      { key: 'minute', hits: 1, resetIn: 60 },
      { key: 'hour', hits: 2, resetIn: 3539 },
    ]);
  });

  it('keeps at most maxKeys windows, forgetting the oldest first', async () => {
    const { now, pass } = clock();
    const counter = memoryHitCounter({ now, maxKeys: 2 });
    await counter.count(['first'], 60);
    pass(1);
    await counter.count(['second'], 60);
    await counter.count(['second'], 60);
    await counter.count(['third'], 60);
    expect(await counter.count(['second', 'first'], 60)).toEqual([
      { key: 'second', hits: 3, resetIn: 60 },
      { key: 'first', hits: 1, resetIn: 60 },
    ]);
  });
});
