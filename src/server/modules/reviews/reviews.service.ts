import { reviewNeedsOrder } from '#shared/messages.ts';
import {
  REVIEW_NOT_FOUND_MESSAGE,
  type AdminReview,
  type AdminReviews,
  type AdminReviewsQuery,
  type Review,
  type ReviewInput,
} from '#shared/schemas/reviews.ts';
import type { Db } from '#server/db/client.ts';
import { isUuid } from '#server/db/ids.ts';
import { Forbidden, NotFound } from '#server/domain-errors.ts';
import { jsonArray } from '#server/json-array.ts';
import type { SessionUser } from '#server/modules/auth/auth.service.ts';
import type { OrdersService } from '#server/modules/orders/orders.service.ts';
import type { AuthorDetails, UsersService } from '#server/modules/users/users.service.ts';
import {
  deleteReview,
  deleteReviewsOf,
  insertReview,
  listReviews,
  reviewsInChunks,
  pageOfReviews,
  reviewExists,
  type ReviewRow,
} from './reviews.repo.ts';

interface ReviewsDeps {
  db: Db;
  orders: OrdersService;
  users: UsersService;
}

/** Buyers' reviews: written by the signed-in user, who must have ordered something. */
export class ReviewsService {
  constructor(private readonly deps: ReviewsDeps) {}

  /** Answers the new review's id. */
  async post(author: SessionUser, { customRating, review }: ReviewInput): Promise<string> {
    if (!(await this.deps.orders.hasOrdered(author.id))) throw new Forbidden(reviewNeedsOrder(author.name));
    return insertReview(this.deps.db, author.id, customRating, review);
  }

  /**
   * A page of reviews, newest first, with their authors' names and pictures as they are now: the newest
   * `limit` after review `before`, which must exist.
   */
  async list({ limit, before }: { limit: number; before?: string | undefined }): Promise<Review[]> {
    if (before !== undefined && !isUuid(before)) throw new NotFound(REVIEW_NOT_FOUND_MESSAGE);
    const rows = await listReviews(this.deps.db, { limit, before });
    // An empty page is also what a review that names no row gives: tell the two apart only then.
    if (rows.length === 0 && before !== undefined && !(await reviewExists(this.deps.db, before)))
      throw new NotFound(REVIEW_NOT_FOUND_MESSAGE);
    return this.#shown(rows);
  }

  /**
   * Every review after review `before` (all without one), which must exist, newest first, as JSON written a
   * chunk at a time.
   */
  async allJson(before?: string): Promise<AsyncGenerator<string>> {
    if (before !== undefined && !(isUuid(before) && (await reviewExists(this.deps.db, before))))
      throw new NotFound(REVIEW_NOT_FOUND_MESSAGE);
    return jsonArray(reviewsInChunks(this.deps.db, before), (rows) => this.#shown(rows));
  }

  /** A page of the reviews, newest first, whole and with their authors' e-mails (administrators). */
  async page(query: AdminReviewsQuery): Promise<AdminReviews> {
    const { rows, ...page } = await pageOfReviews(this.deps.db, query);
    const reviews = (await this.#withAuthors(rows)).map(([row, author]): AdminReview => {
      const shown = shownReview(row, author);
      return { ...shown, user: { ...shown.user, _id: row.userId, email: author.email } };
    });
    return { reviews, ...page };
  }

  /** Deletes a review (administrators); answers 0 when there is no such review. */
  remove(id: string): Promise<number> {
    return deleteReview(this.deps.db, id);
  }

  /** Deletes every review of an account (administrators): what a spammer posted goes in one step. */
  removeAllOf(userId: string): Promise<number> {
    return deleteReviewsOf(this.deps.db, userId);
  }

  async #shown(rows: ReviewRow[]): Promise<Review[]> {
    return (await this.#withAuthors(rows)).map(([row, author]) => shownReview(row, author));
  }

  /** Each review with its author as they are now; a review whose author has just gone is left out. */
  async #withAuthors(rows: ReviewRow[]): Promise<Array<[ReviewRow, AuthorDetails]>> {
    const authors = await this.deps.users.authorDetails([...new Set(rows.map((row) => row.userId))]);
    return rows.flatMap((row) => {
      const author = authors.get(row.userId);
      return author ? [[row, author] as const] : [];
    });
  }
}

/** A review as the spec shows it, with its author's name and picture. */
function shownReview(row: ReviewRow, author: AuthorDetails): Review {
  return {
    _id: row.id,
    customRating: row.rating,
    review: row.review,
    createdAt: row.createdAt.toISOString(),
    user: { displayName: author.name, photoURL: author.image },
  };
}
