import { desc, eq } from 'drizzle-orm';
import type { Review } from '#shared/schemas/reviews.ts';
import type { Db } from '#server/db/client.ts';
import { orders, reviews, users } from '#server/db/schema.ts';

export async function hasOrdered(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId)).limit(1);
  return Boolean(row);
}

export async function insertReview(db: Db, userId: string, rating: number, review: string): Promise<string> {
  const [row] = await db.insert(reviews).values({ userId, rating, review }).returning({ id: reviews.id });
  return row!.id;
}

export async function listReviews(db: Db): Promise<Review[]> {
  const rows = await db
    .select({
      id: reviews.id,
      rating: reviews.rating,
      review: reviews.review,
      createdAt: reviews.createdAt,
      name: users.name,
      image: users.image,
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
  return rows.map((row) => ({
    _id: row.id,
    customRating: row.rating,
    review: row.review,
    createdAt: row.createdAt.toISOString(),
    user: { displayName: row.name, photoURL: row.image },
  }));
}
