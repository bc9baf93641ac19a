import { reviewNeedsOrder } from '#shared/messages.ts';
import type { Review, ReviewInput } from '#shared/schemas/reviews.ts';
import type { Db } from '#server/db/client.ts';
import { Forbidden } from '#server/domain-errors.ts';
import type { SessionUser } from '#server/modules/auth/auth.service.ts';
import type { OrdersService } from '#server/modules/orders/orders.service.ts';
import type { UsersService } from '#server/modules/users/users.service.ts';
import { insertReview, listReviews } from './reviews.repo.ts';

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

  /** Every review, newest first, with its author's name and picture as they are now. */
  async list(): Promise<Review[]> {
    const rows = await listReviews(this.deps.db);
    const authors = await this.deps.users.namesAndImages([...new Set(rows.map((row) => row.userId))]);
    return rows.flatMap((row) => {
      const author = authors.get(row.userId);
      if (!author) return [];
      return {
        _id: row.id,
        customRating: row.rating,
        review: row.review,
        createdAt: row.createdAt.toISOString(),
        user: { displayName: author.name, photoURL: author.image },
      };
    });
  }
}
