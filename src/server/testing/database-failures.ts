import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';

/** PostgreSQL's names of the SQLSTATEs a test can make the database raise. */
type Condition = 'disk_full' | 'out_of_memory' | 'admin_shutdown';

/**
 * Makes every insert into or update of `table` fail as the database itself fails, with this condition's
 * SQLSTATE (disk_full is 53100): a trigger, so it works alike on PGlite and PostgreSQL. Answers the undo.
 */
export async function failWritesTo(
  db: Db,
  table: string,
  condition: Condition,
): Promise<() => Promise<void>> {
  const name = sql.identifier(`test_${condition}_${table}`);
  await db.execute(sql`
    CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'simulated ${sql.raw(condition)}'
        USING ERRCODE = '${sql.raw(condition)}';
    END $$`);
  await db.execute(sql`CREATE TRIGGER ${name} BEFORE INSERT OR UPDATE ON ${sql.identifier(table)}
    FOR EACH ROW EXECUTE FUNCTION ${name}()`);
  return async () => {
    await db.execute(sql`DROP TRIGGER ${name} ON ${sql.identifier(table)}`);
    await db.execute(sql`DROP FUNCTION ${name}()`);
  };
}
