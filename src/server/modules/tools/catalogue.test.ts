import { afterEach, describe, expect, it, vi } from 'vitest';
import { Catalogue, type Loaded } from './catalogue.ts';
import type { ToolRow } from './tools.repo.ts';

const tool: ToolRow = {
  id: '7b3f9b3e-5b8a-4c51-9d55-2f7e3c1e0a11',
  name: 'Hex bolt',
  priceCents: 40,
  availableQuantity: 1000,
  minOrderQuantity: 10,
  details: 'M10',
  image: '/images/tools/hex-bolt-m10.svg',
  createdAt: new Date('2026-01-01T00:00:00Z'),
  updatedAt: new Date('2026-01-01T00:00:00Z'),
  version: 1,
  stockRevision: 1,
};
const loaded = (name: string): Loaded => ({ rows: [{ ...tool, name }], shape: (tools) => tools });
const unreachable = () =>
  Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
const names = (body: string | undefined) =>
  (JSON.parse(body ?? '[]') as Array<{ name: string }>).map((t) => t.name);

afterEach(() => vi.useRealTimers());

describe('while the database cannot be reached', () => {
  it('answers from the copy it had when notifications may have been missed, for a bounded time', async () => {
    vi.useFakeTimers();
    const catalogue = new Catalogue(60_000);
    await catalogue.answer('all', async () => loaded('Kept'));
    catalogue.uncertain();
    expect(names((await catalogue.answer('all', unreachable))?.body)).toEqual(['Kept']);
    vi.advanceTimersByTime(60_001);
    await expect(catalogue.answer('all', unreachable)).rejects.toThrow(/ECONNREFUSED/);
  });

  it('reads again, not from the copy, once the database answers', async () => {
    const catalogue = new Catalogue(60_000);
    await catalogue.answer('all', async () => loaded('Old'));
    catalogue.uncertain();
    expect(names((await catalogue.answer('all', async () => loaded('New')))?.body)).toEqual(['New']);
    await expect(catalogue.answer('other', unreachable)).rejects.toThrow(/ECONNREFUSED/);
  });

  it('never answers from a copy that a change made wrong, nor when the failure is not the connection', async () => {
    const catalogue = new Catalogue(60_000);
    await catalogue.answer('all', async () => loaded('Old'));
    catalogue.uncertain();
    await expect(catalogue.answer('all', () => Promise.reject(new Error('syntax error')))).rejects.toThrow(
      /syntax/,
    );
    catalogue.invalidate();
    await expect(catalogue.answer('all', unreachable)).rejects.toThrow(/ECONNREFUSED/);
  });

  it('keeps no copy when told to keep none', async () => {
    const catalogue = new Catalogue(0);
    await catalogue.answer('all', async () => loaded('Old'));
    catalogue.uncertain();
    await expect(catalogue.answer('all', unreachable)).rejects.toThrow(/ECONNREFUSED/);
  });
});

describe('a change while an answer is being read', () => {
  it('gives whoever asks after the change an answer read after it, and keeps that one', async () => {
    const catalogue = new Catalogue();
    let finish!: () => void;
    const before = catalogue.answer('all', async () => {
      await new Promise<void>((resolve) => (finish = resolve));
      return loaded('Before');
    });
    catalogue.invalidate();
    const after = catalogue.answer('all', async () => loaded('After'));
    finish();
    expect(names((await before)?.body)).toEqual(['Before']);
    expect(names((await after)?.body)).toEqual(['After']);
    expect(names((await catalogue.answer('all', async () => loaded('Again')))?.body)).toEqual(['After']);
  });
});
