import { z } from 'zod';

/** Days of revenue the sales overview charts, today included. */
export const SALES_DAYS = 30;

/** The administrators' sales overview (dashboard home). Money in dollars; days are UTC dates (YYYY-MM-DD). */
export const salesOverviewSchema = z.object({
  revenueByDay: z.array(
    z.object({
      day: z.string(),
      revenue: z.number(),
      /** The part of `revenue` paid through the built-in test gateway: no money was received for it. */
      testRevenue: z.number(),
      orders: z.number().int(),
    }),
  ),
  ordersByState: z.object({
    unpaid: z.number().int(),
    paid: z.number().int(),
    shipped: z.number().int(),
  }),
  topTools: z.array(z.object({ name: z.string(), revenue: z.number(), quantity: z.number().int() })),
  /** Pieces held by unpaid orders, and how many orders hold them. */
  heldByUnpaid: z.object({ quantity: z.number().int(), orders: z.number().int() }),
  /** Tools whose stock is below their minimum order: nobody can order them. */
  cannotBeOrdered: z.array(
    z.object({ _id: z.string(), name: z.string(), stock: z.number().int(), minimum: z.number().int() }),
  ),
});
export type SalesOverview = z.infer<typeof salesOverviewSchema>;
