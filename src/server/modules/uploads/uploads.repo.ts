import { inArray, sql } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import type { Db } from '#server/db/client.ts';
import { orders, tools, users } from '#server/db/schema.ts';

/** Which of these image URLs a tool, a profile or an order shows. */
export async function findImagesInUse(db: Db, urls: string[]): Promise<Set<string>> {
  if (urls.length === 0) return new Set();
  const rows = await union(
    db.select({ url: tools.image }).from(tools).where(inArray(tools.image, urls)),
    // Never null here: only rows whose image is one of `urls` are read.
    db
      .select({ url: sql<string>`${users.image}`.as('url') })
      .from(users)
      .where(inArray(users.image, urls)),
    db.select({ url: orders.img }).from(orders).where(inArray(orders.img, urls)),
  );
  return new Set(rows.map((row) => row.url));
}
