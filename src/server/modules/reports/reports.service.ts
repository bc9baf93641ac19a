import { centsToDollars } from '#shared/money.ts';
import type { SalesOverview } from '#shared/schemas/reports.ts';
import type { Db } from '#server/db/client.ts';
import { cannotBeOrdered, heldByUnpaid, ordersByState, revenueByDay, topTools } from './reports.repo.ts';

const TOP_TOOLS = 5;
/** The dashboard lists at most this many tools that cannot be ordered; Manage Tools has them all. */
const CANNOT_BE_ORDERED_SHOWN = 50;

/** The administrators' picture of sales, read from the orders and the catalogue as they are now. */
export class ReportsService {
  constructor(private readonly db: Db) {}

  async salesOverview(): Promise<SalesOverview> {
    const { db } = this;
    const [days, states, top, held, blocked] = await Promise.all([
      revenueByDay(db),
      ordersByState(db),
      topTools(db, TOP_TOOLS),
      heldByUnpaid(db),
      cannotBeOrdered(db, CANNOT_BE_ORDERED_SHOWN),
    ]);
    return {
      revenueByDay: days.map(({ day, cents, testCents, orders }) => ({
        day,
        revenue: centsToDollars(cents),
        testRevenue: centsToDollars(testCents),
        orders,
      })),
      ordersByState: states,
      topTools: top.map(({ name, cents, quantity }) => ({ name, revenue: centsToDollars(cents), quantity })),
      heldByUnpaid: held,
      cannotBeOrdered: blocked.map(({ id, ...tool }) => ({ _id: id, ...tool })),
    };
  }
}
