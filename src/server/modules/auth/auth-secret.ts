import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { appMeta } from '#server/db/schema.ts';

const KEY = 'auth_secret';

/**
 * Without AUTH_SECRET the embedded default still needs a stable secret: one is generated on first start
 * and kept in the database, so sessions survive restarts and every process of one database agrees.
 */
export async function resolveAuthSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insert(appMeta)
    .values({ key: KEY, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appMeta).where(eq(appMeta.key, KEY));
  if (!row) throw new Error('Could not store the generated auth secret');
  return row.value;
}
