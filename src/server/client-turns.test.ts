import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CataloguePage } from '#shared/schemas/tools.ts';
import { TooManyRequests } from '#server/domain-errors.ts';
import { createTestApp, type TestContext } from '#server/testing/test-app.ts';
import { ClientTurns } from '#server/client-turns.ts';

/** Settles what is already queued, so that a test sees who has been let in. */
const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('ClientTurns', () => {
  it("lets in `running` of a client's reads, queues `waiting` more in order and refuses any beyond", async () => {
    const turns = new ClientTurns({ running: 2, waiting: 2 });
    const entered: string[] = [];
    const ends = new Map<string, () => void>();
    const enter = (name: string) =>
      turns.enter('203.0.113.1').then((end) => {
        entered.push(name);
        ends.set(name, end);
      });
    const reads = ['a', 'b', 'c', 'd'].map(enter);
    await settled();
    expect(entered).toEqual(['a', 'b']);

    const refused = await turns.enter('203.0.113.1').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TooManyRequests);
    expect(refused).toMatchObject({
      retryAfterSeconds: 1,
      message: 'Too many requests. Please try again in 1 seconds.',
    });

    ends.get('b')!();
    ends.get('b')!(); // ending a turn twice passes it on once
    await settled();
    expect(entered).toEqual(['a', 'b', 'c']);
    ends.get('a')!();
    await Promise.all(reads);
    expect(entered).toEqual(['a', 'b', 'c', 'd']);
  });

  it('gives every client turns of its own, and forgets a client once it has none', async () => {
    const turns = new ClientTurns({ running: 1, waiting: 0 });
    const first = await turns.enter('203.0.113.1');
    await expect(turns.enter('203.0.113.1')).rejects.toBeInstanceOf(TooManyRequests);
    const other = await turns.enter('2001:db8:0:1::1');
    // One subscriber's /64 is one client, whichever of its addresses it sends from.
    await expect(turns.enter('2001:db8:0:1::2')).rejects.toBeInstanceOf(TooManyRequests);
    expect(turns.clients).toBe(2);
    first();
    other();
    expect(turns.clients).toBe(0);
    (await turns.enter('203.0.113.1'))();
  });

  it('ends a turn when the work in it fails', async () => {
    const turns = new ClientTurns({ running: 1, waiting: 0 });
    const turn = turns.turnOf('203.0.113.1');
    await expect(turn(() => Promise.reject(new Error('the database is gone')))).rejects.toThrow('gone');
    await expect(turn(async () => 'read')).resolves.toBe('read');
    expect(turns.clients).toBe(0);
  });
});

describe('reads that need the database, in turns per client', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp();
  });

  afterAll(() => ctx.close());

  const page = (remoteAddress: string, maxPrice: number) =>
    ctx.app.inject({ url: `/api/catalogue?maxPrice=${maxPrice}`, remoteAddress });

  it("refuses one client's pages beyond its turns with 429, while another client's are answered", async () => {
    // Every page different, so that each one is read from the database.
    const flood = Array.from({ length: 100 }, (_, i) => page('203.0.113.7', 1 + i));
    const other = await page('198.51.100.4', 5000);
    const answers = await Promise.all(flood);

    expect(other.statusCode).toBe(200);
    const refused = answers.filter((answer) => answer.statusCode === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(100 - refused.length);
    expect(refused[0]!.headers['retry-after']).toBe('1');
    expect(refused[0]!.json()).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: 'Too many requests. Please try again in 1 seconds.',
    });
    // Turns are given back: the same client is answered again, and the same pages come from the cache.
    expect((await page('203.0.113.7', 99_999)).statusCode).toBe(200);
    const again = await Promise.all(Array.from({ length: 100 }, (_, i) => page('203.0.113.7', 1 + i)));
    expect(again.filter((answer) => answer.statusCode === 429).length).toBeLessThanOrEqual(refused.length);
  });

  it("refuses one client's reviews beyond its turns with 429, while another client's are answered", async () => {
    const reviews = (remoteAddress: string) => ctx.app.inject({ url: '/api/reviews', remoteAddress });
    const flood = Array.from({ length: 100 }, () => reviews('203.0.113.9'));
    expect((await reviews('198.51.100.9')).statusCode).toBe(200);
    const codes = new Set((await Promise.all(flood)).map((answer) => answer.statusCode));
    expect(codes).toEqual(new Set([200, 429]));
  });

  it('takes no turn for an answer that is kept', async () => {
    const first = await page('203.0.113.8', 42);
    expect(first.statusCode).toBe(200);
    const kept = await Promise.all(Array.from({ length: 100 }, () => page('203.0.113.8', 42)));
    expect(kept.map((answer) => answer.statusCode)).toEqual(Array(100).fill(200));
    expect(new Set(kept.map((answer) => answer.json<CataloguePage>().total))).toEqual(
      new Set([first.json<CataloguePage>().total]),
    );
  });
});
