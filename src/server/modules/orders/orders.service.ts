import type { FastifyBaseLogger } from 'fastify';
import { dollarsToCents, MAX_ORDER_TOTAL_CENTS } from '#shared/money.ts';
import {
  ORDER_TOO_LARGE_MESSAGE,
  PRICE_RISEN_MESSAGE,
  REQUEST_KEY_REUSED_MESSAGE,
  tooManyUnpaidOrders,
  unconfirmedEmail,
  type AdminOrdersQuery,
  type PlaceOrder,
} from '#shared/schemas/orders.ts';
import { TOOL_NOT_FOUND_MESSAGE } from '#shared/schemas/tools.ts';
import type { JobRunner } from '#server/adapters/jobs/job-runner.ts';
import type { Db } from '#server/db/client.ts';
import { isUuid } from '#server/db/ids.ts';
import type { Page } from '#server/db/paging.ts';
import { inTransaction, type Tx } from '#server/db/transaction.ts';
import { jsonArray } from '#server/json-array.ts';
import { Conflict, Forbidden, InvalidInput, NotFound, NotSignedIn } from '#server/domain-errors.ts';
import { breaksForeignKey, breaksUnique } from '#server/failure-cause.ts';
import type { SessionUser } from '#server/modules/auth/auth.service.ts';
import type { MailService } from '#server/modules/mail/mail.service.ts';
import type { IntentRelease } from '#server/modules/payments/payments.service.ts';
import type { ToolsService } from '#server/modules/tools/tools.service.ts';
import type { UsersService } from '#server/modules/users/users.service.ts';
import { orderBatches } from './order-batches.ts';
import { ordersCsv } from './orders-csv.ts';
import {
  lowStockMail,
  orderBookedMail,
  orderExpiredMail,
  orderPaidMail,
  orderShippedMail,
  type SoldBelowMinimum,
} from './orders-mails.ts';
import {
  deleteUnpaidOrder,
  findOrder,
  hasOrders,
  holdUnheldOrders,
  markOrderPaid,
  markOrderShipped,
  orderFromJson,
  orderImagesAmong,
  ordersInChunks,
  pageOfOrders,
  placeOrders,
  type OrderFilter,
  type OrderPlacing,
  type OrderToPlace,
  replacePaymentIntent,
  toApiOrder,
  unpaidOrdersHeldUntil,
  unpaidOrdersOfUsers,
  type OrderRow,
} from './orders.repo.ts';
import { reservationExpiry } from './reservation-expiry.ts';

export type { OrderRow } from './orders.repo.ts';

export interface OrderPolicy {
  /** An unpaid order keeps its stock this many hours; 0: until it is cancelled. */
  holdHours: number;
  /** Unpaid orders one buyer may hold at once; 0: no limit. */
  maxUnpaid: number;
  baseUrl: string;
}

interface OrdersDeps {
  db: Db;
  tools: ToolsService;
  users: UsersService;
  mailer: MailService;
  /** Cancels an unpaid order's payment intent before the order goes (PaymentsService.releaseIntent). */
  releaseIntent(order: OrderRow): Promise<IntentRelease>;
  policy: OrderPolicy;
}

/** Expired orders looked at in one run; the next run (a minute later) takes the rest. */
const EXPIRY_BATCH = 500;

/**
 * Orders and the stock they hold. Stock is reserved through the tools service in the same statement as the
 * order and its confirmation mail, so no interleaving oversells and no order goes unconfirmed; it comes back
 * when an unpaid order is cancelled, deleted or expires, exactly once.
 */
export class OrdersService {
  private readonly placeOrder: (order: OrderToPlace) => Promise<OrderPlacing>;

  constructor(private readonly deps: OrdersDeps) {
    const { db, mailer, users, policy } = deps;
    const rules = { holdHours: policy.holdHours, maxUnpaid: policy.maxUnpaid };
    this.placeOrder = orderBatches((batch: readonly OrderToPlace[]) => placeOrders(db, batch, rules));
    // The mails place_order (migration 0016) writes, by these names, with the order or the tool as data.
    mailer.template('order-booked', async (order) => [
      orderBookedMail(orderFromJson(order as Record<string, unknown>), policy.baseUrl),
    ]);
    mailer.template('low-stock', async (alert, db) =>
      (await users.administratorEmails(db)).map((to) =>
        lowStockMail(to, alert as SoldBelowMinimum, policy.baseUrl),
      ),
    );
  }

  /**
   * Books an order at the database's price (never the client's) with its confirmation mail, in one statement
   * (with other buyers' orders that arrive meanwhile): no interleaving oversells or passes the unpaid-order
   * cap, and no order goes unconfirmed. An order never comes to more than the total the buyer was shown.
   * With a `requestKey` (the Idempotency-Key header), the buyer's earlier order with that key, for the same
   * tool and quantity, is answered as it is: a retry books nothing twice.
   */
  async place(buyer: SessionUser, input: PlaceOrder, requestKey?: string): Promise<OrderRow> {
    const { tools, mailer, policy } = this.deps;
    // Before the unpaid-order cap: an id that names no tool is refused without locking the buyer's account.
    if (!isUuid(input.toolId)) throw new NotFound(TOOL_NOT_FOUND_MESSAGE);
    // Orders hold stock for days: only an account with a real mailbox behind it may book them, or anyone
    // could hold a tool's whole stock from made-up addresses.
    if (!buyer.emailVerified) {
      const confirmed = await this.deps.users.hasConfirmedEmail(buyer.id);
      if (confirmed === undefined) throw new NotSignedIn();
      if (!confirmed) throw new Forbidden(unconfirmedEmail(buyer.email));
    }
    const details = {
      userId: buyer.id,
      quantity: input.quantity,
      address: input.address,
      number: input.number,
      email: buyer.email,
      userName: buyer.name,
      requestKey,
    };
    const shownCents = input.price === undefined ? MAX_ORDER_TOTAL_CENTS : dollarsToCents(input.price);
    const request = {
      toolId: input.toolId,
      quantity: input.quantity,
      maxTotalCents: Math.min(shownCents, MAX_ORDER_TOTAL_CENTS),
      buyerName: buyer.name,
    };
    const placed = await tools
      .reserveStockFor(request, async (stock) => {
        const result = await this.placeOrder({ ...stock, ...details });
        if (result === 'unpaidCapReached') throw new Conflict(tooManyUnpaidOrders(policy.maxUnpaid));
        return result;
      })
      .catch((error: unknown) => {
        // The account was deleted while the session, cached in its signed cookie, still named it.
        if (breaksForeignKey(error, 'orders_user_id_users_id_fk')) throw new NotSignedIn();
        // Its key booked another tool or quantity: the statement, this order's stock included, was undone.
        if (breaksUnique(error, 'orders_user_request_key_idx'))
          throw new Conflict(REQUEST_KEY_REUSED_MESSAGE);
        throw error;
      });
    if (placed === 'overTotal') {
      if (shownCents < MAX_ORDER_TOTAL_CENTS) throw new Conflict(PRICE_RISEN_MESSAGE);
      throw new InvalidInput(ORDER_TOO_LARGE_MESSAGE);
    }
    mailer.pendingWritten();
    return placed;
  }

  /**
   * The orders of the account that has this e-mail now, newest first, as JSON written a chunk at a time: one's
   * own, or anyone's for an administrator.
   */
  async ordersOf(viewer: SessionUser, email: string): Promise<AsyncGenerator<string>> {
    const owner = await this.deps.users.accountVisibleTo(viewer, email, 'You can only see your own orders.');
    return jsonArray(owner ? ordersInChunks(this.deps.db, { userId: owner.id }) : [], (rows) =>
      rows.map(toApiOrder),
    );
  }

  /** Every order, newest first, as JSON written a chunk at a time: 100,000 orders never sit in memory. */
  allJson(): AsyncGenerator<string> {
    return jsonArray(ordersInChunks(this.deps.db, {}), (rows) => rows.map(toApiOrder));
  }

  /** One page of every buyer's orders, searched and filtered by state, and how many match in all. */
  page(query: AdminOrdersQuery): Promise<Page<OrderRow>> {
    return pageOfOrders(this.deps.db, query);
  }

  /** Every order matching `filter`, newest first, as CSV text written a chunk at a time. */
  exportCsv(filter: OrderFilter): AsyncGenerator<string> {
    return ordersCsv(this.deps.db, filter);
  }

  /** A paid order whose invoice the viewer may download: its buyer's, or any for an administrator. */
  async invoiceOrder(viewer: SessionUser, id: string): Promise<OrderRow> {
    const order = await this.find(id);
    // Another buyer's order is answered as unknown, as the payment page answers it: nothing is given away.
    if (!order || (order.userId !== viewer.id && (await this.deps.users.role(viewer.id)) !== 'admin')) {
      throw new NotFound('Order not found');
    }
    if (!order.paid) throw new Conflict('The invoice is made once the order is paid.');
    return order;
  }

  async find(id: string): Promise<OrderRow | undefined> {
    return isUuid(id) ? findOrder(this.deps.db, id) : undefined;
  }

  hasOrdered(userId: string): Promise<boolean> {
    return hasOrders(this.deps.db, userId);
  }

  /** Which of these image URLs an order shows. */
  imagesInUse(urls: string[]): Promise<Set<string>> {
    return orderImagesAmong(this.deps.db, urls);
  }

  /**
   * Deletes an unpaid order (the buyer's own unless `buyerId` is omitted) and puts its quantity back. Its
   * payment intent is cancelled first; if the payment went through meanwhile, the order stays (paid now).
   */
  async remove(id: string, buyerId?: string): Promise<number> {
    const order = await this.find(id);
    if (!order || order.paid || (buyerId && order.userId !== buyerId)) return 0;
    const release = await this.deps.releaseIntent(order);
    if (release === 'busy') {
      throw new Conflict('A payment for this order is under way: it cannot be cancelled now.');
    }
    if (release === 'paid') return 0;
    return (await this.release(order)) ? 1 : 0;
  }

  /**
   * Cancels every unpaid order of these accounts (which are about to go), as their buyers would: the payment
   * intent first, then the order, whose stock comes back. One whose payment is under way is refused (409).
   */
  async cancelUnpaidOrdersOf(userIds: string[]): Promise<void> {
    for (const order of await unpaidOrdersOfUsers(this.deps.db, userIds)) await this.remove(order.id);
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

  /**
   * With holds on: holds the unpaid orders placed while they were off, and has the job runner expire the
   * orders whose hold has ended, every minute.
   */
  async scheduleExpiry(jobs: JobRunner, log: FastifyBaseLogger): Promise<void> {
    const { db, policy } = this.deps;
    if (policy.holdHours === 0) return;
    await holdUnheldOrders(db, policy.holdHours);
    const expiry = reservationExpiry(this, log);
    await jobs.register(expiry);
    await jobs.schedule(expiry, '* * * * *');
  }

  /** Ships a paid order and queues the buyer's mail; answers how many orders changed. */
  async ship(id: string): Promise<number> {
    if (!isUuid(id)) return 0;
    return inTransaction(this.deps.db, async (tx) => {
      const order = await markOrderShipped(tx, id);
      if (order) await this.deps.mailer.send(orderShippedMail(order), tx);
      return order ? 1 : 0;
    });
  }

  /** Records the order's new payment intent, unless someone else replaced `previous` first; answers the id kept. */
  recordPaymentIntent(orderId: string, previous: string | null, next: string): Promise<string | null> {
    return replacePaymentIntent(this.deps.db, orderId, previous, next);
  }

  /**
   * Marks the order paid and queues its receipt, in one transaction. Answers the paid order, or undefined
   * when it was paid already (or is gone).
   */
  markPaid(
    id: string,
    payment: { transactionId: string; testPayment: boolean },
  ): Promise<OrderRow | undefined> {
    return inTransaction(this.deps.db, async (tx) => {
      const paid = await markOrderPaid(tx, id, payment);
      if (paid) await this.deps.mailer.send(orderPaidMail(paid, this.deps.policy.baseUrl), tx);
      return paid;
    });
  }

  /**
   * Deletes the order if it is still unpaid and still has the payment intent that was cancelled, returns its
   * stock, and runs `then` in the same transaction. False when another request or process got there first.
   */
  private release(order: OrderRow, then?: (row: OrderRow, tx: Tx) => Promise<void>): Promise<boolean> {
    return inTransaction(this.deps.db, async (tx) => {
      const row = await deleteUnpaidOrder(tx, order.id, order.paymentIntentId);
      if (!row) return false;
      await this.deps.tools.releaseStock(tx, row.toolId, row.quantity);
      await then?.(row, tx);
      return true;
    });
  }
}
