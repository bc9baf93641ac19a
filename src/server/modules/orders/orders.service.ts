import { httpErrors } from '@fastify/sensible';
import { eq } from 'drizzle-orm';
import { belowMinimum, notEnoughStock } from '#shared/messages.ts';
import {
  MAX_ORDER_TOTAL_CENTS,
  ORDER_TOO_LARGE_MESSAGE,
  tooManyUnpaidOrders,
  type PlaceOrder,
} from '#shared/schemas/orders.ts';
import type { Db } from '#server/db/client.ts';
import { isUuid } from '#server/db/ids.ts';
import { tools } from '#server/db/schema.ts';
import type { SessionUser } from '#server/plugins/auth.ts';
import type { MailOutbox } from '#server/modules/mail/mail-outbox.ts';
import type { IntentRelease } from '#server/modules/payments/payments.service.ts';
import type { Catalogue } from '#server/modules/tools/catalogue.ts';
import type { Executor } from '#server/modules/tools/tools.repo.ts';
import { orderBookedMail, orderExpiredMail, orderShippedMail } from './orders-mails.ts';
import {
  countUnpaidOrdersLocked,
  deleteUnpaidOrder,
  findOrder,
  insertOrder,
  markOrderShipped,
  releaseStock,
  reserveStock,
  unpaidOrdersHeldUntil,
  type OrderRow,
} from './orders.repo.ts';

export interface OrderPolicy {
  /** An unpaid order keeps its stock this many hours; 0: until it is cancelled. */
  holdHours: number;
  /** Unpaid orders one buyer may hold at once; 0: no limit. */
  maxUnpaid: number;
  baseUrl: string;
}

interface OrdersDeps {
  db: Db;
  catalogue: Catalogue;
  mailer: MailOutbox;
  /** Cancels an unpaid order's payment intent before the order goes (PaymentsService.releaseIntent). */
  releaseIntent(order: OrderRow): Promise<IntentRelease>;
  policy: OrderPolicy;
}

/** Expired orders looked at in one run; the next run (a minute later) takes the rest. */
const EXPIRY_BATCH = 500;

/**
 * Orders and the stock they hold. Stock is taken by one conditional UPDATE (quantity within [minimum, stock])
 * in the same transaction as the order and its confirmation mail, so no interleaving oversells and no order
 * goes unconfirmed; it comes back when an unpaid order is cancelled, deleted or expires, exactly once.
 */
export class OrdersService {
  constructor(private readonly deps: OrdersDeps) {}

  /** Books an order at the database's price (never the client's) and queues its confirmation. */
  async place(buyer: SessionUser, input: PlaceOrder): Promise<OrderRow> {
    const { catalogue, mailer, policy } = this.deps;
    if (!isUuid(input.toolId)) throw httpErrors.notFound('Tool not found');
    return catalogue.write(async (tx) => {
      if (policy.maxUnpaid > 0 && (await countUnpaidOrdersLocked(tx, buyer.id)) >= policy.maxUnpaid) {
        throw httpErrors.conflict(tooManyUnpaidOrders(policy.maxUnpaid));
      }
      const tool = await reserveStock(tx, input.toolId, input.quantity);
      if (!tool) {
        const [current] = await tx.select().from(tools).where(eq(tools.id, input.toolId));
        if (!current) throw httpErrors.notFound('Tool not found');
        if (input.quantity < current.minOrderQuantity) {
          throw httpErrors.badRequest(belowMinimum(current.name, current.minOrderQuantity));
        }
        throw httpErrors.badRequest(notEnoughStock(current.name));
      }
      // Thrown inside the transaction, so the reservation above is undone with it.
      const priceCents = tool.priceCents * input.quantity;
      if (priceCents > MAX_ORDER_TOTAL_CENTS) throw httpErrors.badRequest(ORDER_TOO_LARGE_MESSAGE);
      const order = await insertOrder(
        tx,
        {
          userId: buyer.id,
          toolId: tool.id,
          productName: tool.name,
          img: tool.image,
          unitPriceCents: tool.priceCents,
          priceCents,
          quantity: input.quantity,
          address: input.address,
          number: input.number,
          email: buyer.email,
          userName: buyer.name,
        },
        policy.holdHours,
      );
      await mailer.send(orderBookedMail(order, policy.baseUrl), tx);
      return order;
    });
  }

  /**
   * Deletes an unpaid order (the buyer's own unless `buyerId` is omitted) and puts its quantity back. Its
   * payment intent is cancelled first; if the payment went through meanwhile, the order stays (paid now).
   */
  async remove(id: string, buyerId?: string): Promise<number> {
    if (!isUuid(id)) return 0;
    const order = await findOrder(this.deps.db, id);
    if (!order || order.paid || (buyerId && order.userId !== buyerId)) return 0;
    const release = await this.deps.releaseIntent(order);
    if (release === 'busy') {
      throw httpErrors.conflict('A payment for this order is under way: it cannot be cancelled now.');
    }
    if (release === 'paid') return 0;
    return (await this.release(order)) ? 1 : 0;
  }

  /** Cancels the unpaid orders whose hold ended by `now`, returns their stock and tells their buyers. */
  async expire(now = new Date()): Promise<number> {
    const { db, mailer, policy } = this.deps;
    let expired = 0;
    for (const order of await unpaidOrdersHeldUntil(db, now, EXPIRY_BATCH)) {
      if ((await this.deps.releaseIntent(order)) !== 'free') continue;
      const released = await this.release(order, (row, tx) =>
        mailer.send(orderExpiredMail(row, policy.baseUrl), tx),
      );
      if (released) expired += 1;
    }
    return expired;
  }

  /** Ships a paid order and queues the buyer's mail; answers how many orders changed. */
  async ship(id: string): Promise<number> {
    if (!isUuid(id)) return 0;
    return this.deps.db.transaction(async (tx) => {
      const order = await markOrderShipped(tx, id);
      if (order) await this.deps.mailer.send(orderShippedMail(order), tx);
      return order ? 1 : 0;
    });
  }

  /**
   * Deletes the order if it is still unpaid and still has the payment intent that was cancelled, returns its
   * stock, and runs `then` in the same transaction. False when another request or process got there first.
   */
  private release(order: OrderRow, then?: (row: OrderRow, tx: Executor) => Promise<void>): Promise<boolean> {
    return this.deps.catalogue.write(async (tx) => {
      const row = await deleteUnpaidOrder(tx, order.id, order.paymentIntentId);
      if (!row) return false;
      await releaseStock(tx, row.toolId, row.quantity);
      await then?.(row, tx);
      return true;
    });
  }
}
