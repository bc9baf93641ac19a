import { describe, expect, it } from 'vitest';
import { KeptMatches } from './search-matches.ts';
import type { MatchColumns, StockChange } from './tools.repo.ts';

const ID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** Tools 1..n, newest first, each 10 in stock with a minimum order of 5, at stock revision 1. */
function columns(n: number): MatchColumns {
  return {
    ids: Array.from({ length: n }, (_, i) => ID(i + 1)),
    priceCents: Int32Array.from({ length: n }, (_, i) => 100 * (i + 1)),
    availableQuantity: new Int32Array(n).fill(10),
    minOrderQuantity: new Int32Array(n).fill(5),
    stockRevision: new Float64Array(n).fill(1),
  };
}

const change = (n: number, availableQuantity: number, revision: number): StockChange => ({
  toolId: ID(n),
  availableQuantity,
  revision,
  updatedAt: new Date(),
});

const inStock = { inStock: true };
const firstPage = { page: 1, pageSize: 24 };

/** A read that waits until `finish` is called. */
function pendingRead(result: MatchColumns) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  let reads = 0;
  const read = async () => {
    reads += 1;
    await done;
    return result;
  };
  return { read, finish, reads: () => reads };
}

describe('the matches of a search, kept', () => {
  it('reads a search once, however many ask for it at the same time', async () => {
    const kept = new KeptMatches();
    const { read, finish, reads } = pendingRead(columns(3));
    const asked = [kept.of('nut', read), kept.of('nut', read)];
    finish();
    const [first, second] = await Promise.all(asked);
    expect(first).toBe(second);
    expect(await kept.of('nut', read)).toBe(first);
    expect(reads()).toBe(1);
  });

  it('shows a stock change on the matches it keeps, unless it shows a newer one already', async () => {
    const kept = new KeptMatches();
    const matches = (await kept.of('nut', async () => columns(3)))!;
    kept.stockChanged(change(2, 4, 2));
    expect(matches.choose(inStock, 'newest', firstPage, 1000)).toEqual({ ids: [ID(1), ID(3)], matches: 2 });
    kept.stockChanged(change(2, 10, 1));
    expect(matches.choose(inStock, 'newest', firstPage, 1000).matches).toBe(2);
  });

  it('applies a stock change heard while the matches were read, by its revision', async () => {
    const kept = new KeptMatches();
    const { read, finish } = pendingRead(columns(3));
    const asked = kept.of('nut', read);
    // Tool 1 was read after its change (revision 1 already), tool 2 before it.
    kept.stockChanged(change(1, 0, 1));
    kept.stockChanged(change(2, 0, 2));
    finish();
    expect((await asked)!.choose(inStock, 'newest', firstPage, 1000).ids).toEqual([ID(1), ID(3)]);
  });

  it('does not keep what was read while the catalogue changed, and reads it again', async () => {
    const kept = new KeptMatches();
    const { read, finish } = pendingRead(columns(3));
    const asked = kept.of('nut', read);
    kept.dropAll();
    finish();
    expect((await asked)?.size).toBe(3);
    let readAgain = false;
    await kept.of('nut', async () => {
      readAgain = true;
      return columns(2);
    });
    expect(readAgain).toBe(true);
  });

  it('gives whoever asks after the catalogue changed matches read after it, not the read begun before', async () => {
    const kept = new KeptMatches();
    const { read, finish } = pendingRead(columns(3));
    const before = kept.of('nut', read);
    kept.dropAll();
    const after = kept.of('nut', async () => columns(2));
    finish();
    expect((await before)?.size).toBe(3);
    expect((await after)?.size).toBe(2);
    expect((await kept.of('nut', async () => columns(1)))?.size).toBe(2);
  });

  it('keeps no search that matches more than its bound, and does not read it again until the catalogue changes', async () => {
    const kept = new KeptMatches(2);
    let reads = 0;
    const read = async (limit: number) => {
      reads += 1;
      return columns(limit + 1);
    };
    expect(await kept.of('nut', read)).toBeUndefined();
    expect(await kept.of('nut', read)).toBeUndefined();
    expect(reads).toBe(1);
    kept.dropAll();
    expect(await kept.of('nut', read)).toBeUndefined();
    expect(reads).toBe(2);
  });

  it('sorts, filters and pages its matches as the catalogue does, ties by newest', async () => {
    const same = columns(4);
    same.priceCents.set([300, 100, 300, 300]);
    const matches = (await new KeptMatches().of('nut', async () => same))!;
    const byName = new Map([ID(3), ID(1), ID(4), ID(2)].map((id, rank) => [id, rank]));
    const ids = (sort: Parameters<typeof matches.choose>[1], filter = {}) =>
      matches
        .choose({ inStock: false, ...filter }, sort, { page: 1, pageSize: 10 }, 1000, byName)
        .ids.map((id) => id.at(-1));
    expect(ids('newest')).toEqual(['1', '2', '3', '4']);
    expect(ids('name')).toEqual(['3', '1', '4', '2']);
    expect(ids('price-asc')).toEqual(['2', '1', '3', '4']);
    expect(ids('price-desc')).toEqual(['4', '3', '1', '2']);
    expect(ids('price-asc', { minPriceCents: 101, maxPriceCents: 300 })).toEqual(['1', '3', '4']);
    expect(matches.choose({ inStock: false }, 'newest', { page: 2, pageSize: 3 }, 1000)).toEqual({
      ids: [ID(4)],
      matches: 4,
    });
    // A page ends where the matches shown end.
    expect(matches.choose({ inStock: false }, 'newest', { page: 1, pageSize: 3 }, 2).ids).toHaveLength(2);
  });

  it('sorts the most matches it keeps at the highest prices exactly, ties by newest', async () => {
    const most = columns(20_000);
    // The highest price a tool may have, and a cent less, taking turns: every price is shared by 10,000 tools.
    most.priceCents = Int32Array.from({ length: 20_000 }, (_, i) => 100_000_000 - (i % 2));
    const matches = (await new KeptMatches().of('bolt', async () => most))!;
    const byPrice = Array.from(most.ids.keys()).sort(
      (a, b) => most.priceCents[a]! - most.priceCents[b]! || a - b,
    );
    const shown = matches.choose({ inStock: false }, 'price-asc', { page: 1, pageSize: 100 }, 20_000);
    expect(shown).toEqual({ ids: byPrice.slice(0, 100).map((index) => most.ids[index]), matches: 20_000 });
    const last = matches.choose({ inStock: false }, 'price-desc', { page: 200, pageSize: 100 }, 20_000);
    expect(last.ids).toEqual(
      byPrice
        .slice(0, 100)
        .reverse()
        .map((index) => most.ids[index]),
    );
  });

  it('sorts by name a tool that the name ranks do not know yet after those they know', async () => {
    const matches = (await new KeptMatches().of('nut', async () => columns(4)))!;
    const byName = new Map([ID(3), ID(4), ID(2)].map((id, rank) => [id, rank]));
    const page = matches.choose({ inStock: false }, 'name', firstPage, 1000, byName);
    expect(page.ids).toEqual([ID(3), ID(4), ID(2), ID(1)]);
    expect(() => matches.choose({ inStock: false }, 'price-asc', firstPage, 1000)).not.toThrow();
  });
});

describe("the catalogue's name ranks", () => {
  it('are read once, however many ask, until the catalogue changes', async () => {
    const kept = new KeptMatches();
    let reads = 0;
    const read = async () => {
      reads += 1;
      return [ID(2), ID(1)];
    };
    const [first, second] = await Promise.all([kept.nameRanks(read), kept.nameRanks(read)]);
    expect(first).toBe(second);
    expect([...first]).toEqual([
      [ID(2), 0],
      [ID(1), 1],
    ]);
    kept.stockChanged(change(1, 0, 2));
    expect(await kept.nameRanks(read)).toBe(first);
    kept.dropAll();
    expect(await kept.nameRanks(read)).not.toBe(first);
    expect(reads).toBe(2);
  });

  it('are read again after a read that failed', async () => {
    const kept = new KeptMatches();
    await expect(kept.nameRanks(() => Promise.reject(new Error('connection lost')))).rejects.toThrow();
    expect((await kept.nameRanks(async () => [ID(1)])).get(ID(1))).toBe(0);
  });
});
