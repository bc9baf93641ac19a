import { eq } from 'drizzle-orm';
import { appMeta } from './schema.ts';
import type { Executor } from './transaction.ts';

/** Records `value` under `key` unless something is recorded there already; answers whether this call did. */
export async function claimAppMeta(db: Executor, key: string, value: string): Promise<boolean> {
  const claimed = await db.insert(appMeta).values({ key, value }).onConflictDoNothing().returning();
  return claimed.length > 0;
}

export async function readAppMeta(db: Executor, key: string): Promise<string | undefined> {
  const [row] = await db.select().from(appMeta).where(eq(appMeta.key, key));
  return row?.value;
}

/** Records `value` under `key`, replacing what was there. */
export async function writeAppMeta(db: Executor, key: string, value: string): Promise<void> {
  const written = { value, updatedAt: new Date() };
  await db
    .insert(appMeta)
    .values({ key, ...written })
    .onConflictDoUpdate({ target: appMeta.key, set: written });
}
