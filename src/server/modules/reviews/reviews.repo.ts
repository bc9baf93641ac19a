import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { isUuid } from '#server/db/ids.ts';
import { readPage, rowsInChunks, type Page, type Paging } from '#server/db/paging.ts';
import { reviews, users, userSearchText } from '#server/db/schema.ts';
import { everyWordFound } from '#server/db/text-search.ts';

export type ReviewRow = typeof reviews.$inferSelect;

export async function insertReview(db: Db, userId: string, rating: number, review: string): Promise<string> {
  const [row] = await db.insert(reviews).values({ userId, rating, review }).returning({ id: reviews.id });
  return row!.id;
}

const NEWEST_FIRST = [desc(reviews.createdAt), desc(reviews.id)];

/** The reviews after review `before`, from the newest: found by that review's place, not by counting. */
const after = (before: string | undefined) =>
  before === undefined
    ? undefined
    : sql`(${reviews.createdAt}, ${reviews.id}) < (SELECT created_at, id FROM reviews WHERE id = ${before})`;

/** The newest `limit` reviews after review `before` (from the newest; ties by id), from the (created_at, id) index. */
export function listReviews(
  db: Db,
  { limit, before }: { limit: number; before?: string },
): Promise<ReviewRow[]> {
  return db
    .select()
    .from(reviews)
    .where(after(before))
    .orderBy(...NEWEST_FIRST)
    .limit(limit);
}

/**
 * Reviews read at a time for the list of every review: it is never held whole, and other requests get turns
 * between chunks (one buyer may post 14,000 reviews a day).
 */
export const REVIEWS_CHUNK = 250;

/** Every review after review `before` (all without one), newest first, REVIEWS_CHUNK at a time. */
export function reviewsInChunks(db: Db, before?: string): AsyncGenerator<ReviewRow[]> {
  return rowsInChunks(db, reviews, reviews, after(before), 'newest', REVIEWS_CHUNK);
}

export async function reviewExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: reviews.id }).from(reviews).where(eq(reviews.id, id));
  return row !== undefined;
}

/** What a review is searched by: its text, and its author's name and e-mail as they are now. */
const reviewSearchText = sql`${reviews.review} || ' ' || (SELECT ${userSearchText(users)} FROM ${users} WHERE ${users.id} = ${reviews.userId})`;

/** A page of the reviews whose text or author match every word of `q`, newest first, and how many match. */
export function pageOfReviews(db: Db, { q, ...paging }: { q?: string } & Paging): Promise<Page<ReviewRow>> {
  return readPage(db, reviews, everyWordFound(reviewSearchText, q), NEWEST_FIRST, paging);
}

/** Deletes every review of an account; answers how many. */
export async function deleteReviewsOf(db: Db, userId: string): Promise<number> {
  const deleted = await db.delete(reviews).where(eq(reviews.userId, userId)).returning({ id: reviews.id });
  return deleted.length;
}

/** Deletes a review; answers 0 when there is no such review. */
export async function deleteReview(db: Db, id: string): Promise<number> {
  if (!isUuid(id)) return 0;
  const deleted = await db.delete(reviews).where(eq(reviews.id, id)).returning({ id: reviews.id });
  return deleted.length;
}
