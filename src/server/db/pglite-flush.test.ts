import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from './client.ts';
import { tools } from './schema.ts';

describe('an embedded database in a folder', () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-flush-'));
  const dataDir = path.join(folder, 'pglite');
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ pgliteDir: dataDir, log: pino({ level: 'silent' }) });
  });
  afterEach(() => vi.restoreAllMocks());
  afterAll(async () => {
    await database.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  /** The files flushed to the disk while `work` runs, relative to the data folder. */
  async function flushedDuring(work: () => Promise<unknown>): Promise<string[]> {
    const flushed: string[] = [];
    const fsync = fs.fsyncSync;
    vi.spyOn(fs, 'fsyncSync').mockImplementation((fd) => {
      flushed.push(path.relative(dataDir, fs.readlinkSync(`/proc/self/fd/${fd}`)));
      fsync(fd);
    });
    await work();
    return flushed;
  }

  it('flushes the write-ahead log to the disk before a commit is answered, and a read flushes nothing', async () => {
    const written = await flushedDuring(() =>
      database.db.insert(tools).values({
        name: 'Claw Hammer',
        priceCents: 1950,
        availableQuantity: 10,
        minOrderQuantity: 1,
        details: 'Forged',
        image: '/h.svg',
      }),
    );
    expect(written).toEqual([expect.stringMatching(/^pg_wal\/[0-9A-F]{24}$/)]);
    expect(await flushedDuring(() => database.db.select().from(tools))).toEqual([]);
  });

  it('flushes the tables and their folders at a checkpoint', async () => {
    const flushed = await flushedDuring(() => database.db.execute(sql`CHECKPOINT`));
    expect(flushed).toContain('global/pg_control');
    expect(flushed).toEqual(expect.arrayContaining([expect.stringMatching(/^base\/\d+\/\d+$/)]));
  });
});
