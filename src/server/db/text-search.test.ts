import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#server/testing/test-database.ts';
import type { Database } from './client.ts';
import { withWordSimilarityThreshold } from './text-search.ts';

describe('the word-similarity threshold that typo searches rely on', () => {
  let testDatabase: TestDatabase;
  let database: Database;
  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    database = await testDatabase.open();
  });
  afterAll(() => testDatabase.destroy());

  it('holds on every connection, from its first query on', async () => {
    // More at once than one connection can answer, so that several are opened for them.
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        database.db.execute(sql`SELECT current_setting('pg_trgm.word_similarity_threshold') AS threshold`),
      ),
    );
    for (const result of results) {
      expect((result as { rows: unknown[] }).rows).toEqual([{ threshold: '0.5' }]);
    }
  });

  it("goes to PostgreSQL with each connection's start, after the options a DATABASE_URL gives", () => {
    const start = '-c pg_trgm.word_similarity_threshold=0.5';
    const plain = new URL(withWordSimilarityThreshold('postgres://shop:s%40cret@db.example:5432/shop'));
    expect(plain.searchParams.get('options')).toBe(start);
    expect(plain.password).toBe('s%40cret');
    const given = new URL(
      withWordSimilarityThreshold(
        'postgres://shop@db.example/shop?sslmode=require&options=-c%20search_path%3Dshop',
      ),
    );
    expect(given.searchParams.get('options')).toBe(`-c search_path=shop ${start}`);
    expect(given.searchParams.get('sslmode')).toBe('require');
  });
});
