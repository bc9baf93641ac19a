import { desc, eq, sql } from 'drizzle-orm';
import type { Tool } from '../../../shared/schemas/tools.ts';
import { centsToDollars } from '../../../shared/money.ts';
import type { Db } from '../../db/client.ts';
import { tools } from '../../db/schema.ts';

export type ToolRow = typeof tools.$inferSelect;
export type NewToolRow = typeof tools.$inferInsert;
/** The database or an open transaction on it. */
export type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** Other server processes drop their catalogue cache when this channel fires (LISTEN/NOTIFY). */
export const CATALOGUE_CHANNEL = 'catalogue_changed';

export function toApiTool(row: ToolRow): Tool {
  return {
    _id: row.id,
    name: row.name,
    price: centsToDollars(row.priceCents),
    availableQuantity: row.availableQuantity,
    minOrderQuantity: row.minOrderQuantity,
    details: row.details,
    image: row.image,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function listToolsNewestFirst(db: Executor): Promise<ToolRow[]> {
  return db.select().from(tools).orderBy(desc(tools.createdAt), desc(tools.id));
}

/** Sent inside the writing transaction, so listeners hear of the change exactly when it commits. */
export async function notifyCatalogueChanged(tx: Executor): Promise<void> {
  await tx.execute(sql`SELECT pg_notify(${CATALOGUE_CHANNEL}, '')`);
}

export async function insertTools(tx: Executor, values: NewToolRow[]): Promise<ToolRow[]> {
  if (values.length === 0) return [];
  return tx.insert(tools).values(values).returning();
}

export async function updateTool(tx: Executor, id: string, changes: Partial<NewToolRow>): Promise<number> {
  const rows = await tx
    .update(tools)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(tools.id, id))
    .returning({ id: tools.id });
  return rows.length;
}

export async function deleteTool(tx: Executor, id: string): Promise<number> {
  const rows = await tx.delete(tools).where(eq(tools.id, id)).returning({ id: tools.id });
  return rows.length;
}
