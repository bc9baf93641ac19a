import { desc } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { reviews } from '#server/db/schema.ts';

export type ReviewRow = typeof reviews.$inferSelect;

export async function insertReview(db: Db, userId: string, rating: number, review: string): Promise<string> {
  const [row] = await db.insert(reviews).values({ userId, rating, review }).returning({ id: reviews.id });
  return row!.id;
}

export function listReviews(db: Db): Promise<ReviewRow[]> {
  return db.select().from(reviews).orderBy(desc(reviews.createdAt), desc(reviews.id));
}
