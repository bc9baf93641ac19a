import type { AdminOrdersQuery } from '#shared/schemas/orders.ts';
import type { AdminReviewsQuery } from '#shared/schemas/reviews.ts';
import type { CatalogueQuery } from '#shared/schemas/tools.ts';
import type { AdminUsersQuery } from '#shared/schemas/users.ts';

/** What a page of a list is asked for with: its search, filters and page, as in the page's address. */
export type PageQuery<Q> = Partial<Q>;

/**
 * The query keys of every feature, one factory each. They live here rather than in the features so that a
 * feature can declare what its changes make stale elsewhere (an order changes the catalogue's stock) without
 * importing another feature.
 */

export const sessionKeys = {
  all: ['session'] as const,
};

export const accountKeys = {
  all: ['account'] as const,
  verification: (token: string) => [...accountKeys.all, 'verification', token] as const,
  /** The social sign-ins the server offers. */
  providers: () => [...accountKeys.all, 'providers'] as const,
};

export const toolKeys = {
  all: ['tools'] as const,
  /** All tools, or the `limit` newest. */
  list: (limit?: number) => [...toolKeys.all, 'list', limit ?? 'all'] as const,
  /** A page of the catalogue, searched, filtered and sorted. */
  page: (query: PageQuery<CatalogueQuery>) => [...toolKeys.all, 'page', query] as const,
  detail: (id: string) => [...toolKeys.all, 'detail', id] as const,
};

export const orderKeys = {
  all: ['orders'] as const,
  mine: (email: string) => [...orderKeys.all, 'mine', email] as const,
  /** A page of every buyer's orders (administrators). */
  page: (query: PageQuery<AdminOrdersQuery>) => [...orderKeys.all, 'page', query] as const,
};

export const paymentKeys = {
  all: ['payments'] as const,
  summary: (orderId: string) => [...paymentKeys.all, 'summary', orderId] as const,
  intent: (orderId: string) => [...paymentKeys.all, 'intent', orderId] as const,
};

export const reviewKeys = {
  all: ['reviews'] as const,
  list: () => [...reviewKeys.all, 'list'] as const,
  /** A page of the reviews, as the administrators moderate them. */
  page: (query: PageQuery<AdminReviewsQuery>) => [...reviewKeys.all, 'page', query] as const,
};

export const userKeys = {
  all: ['users'] as const,
  /** Every page of the accounts (administrators). */
  pages: () => [...userKeys.all, 'page'] as const,
  page: (query: PageQuery<AdminUsersQuery>) => [...userKeys.pages(), query] as const,
  detail: (email: string) => [...userKeys.all, 'detail', email] as const,
  adminCheck: (email: string) => [...userKeys.all, 'admin-check', email] as const,
};

export const contactKeys = {
  all: ['contact'] as const,
  inbox: (page: number) => [...contactKeys.all, 'inbox', page] as const,
};

export const mailKeys = {
  all: ['mail'] as const,
  undeliverable: () => [...mailKeys.all, 'undeliverable'] as const,
};
