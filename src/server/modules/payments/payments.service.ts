import type { FastifyBaseLogger } from 'fastify';
import { centsToDollars, formatDollars } from '#shared/money.ts';
import {
  PAYABLE_STATES,
  SHOP_CURRENCY,
  type PaymentGateway,
  type PaymentIntent,
} from '#server/adapters/payments/payment-gateway.ts';
import { Conflict, InvalidInput, NotFound } from '#server/domain-errors.ts';
import type { SessionUser } from '#server/modules/auth/auth.service.ts';
import type { MailService } from '#server/modules/mail/mail.service.ts';
import type { OrderRow, OrdersService } from '#server/modules/orders/orders.service.ts';
import type { UsersService } from '#server/modules/users/users.service.ts';

/** Whether an unpaid order may go (cancelled, deleted, expired) as far as its payment is concerned. */
export type IntentRelease = 'free' | 'paid' | 'busy';

const ORDER_NOT_FOUND = 'Order not found';
const ALREADY_PAID = 'This order is already paid.';
const PAYMENT_UNDER_WAY = 'A payment for this order is under way. Please wait a moment and reload the page.';

/** Whether the intent pays exactly this order: its id, its amount, the shop's currency. */
const paysFor = (intent: PaymentIntent, order: OrderRow) =>
  intent.orderId === order.id && intent.amountCents === order.priceCents && intent.currency === SHOP_CURRENCY;

const formatPaid = (intent: PaymentIntent) =>
  intent.currency === SHOP_CURRENCY
    ? formatDollars(centsToDollars(intent.amountCents))
    : `${intent.amountCents} (smallest unit) ${intent.currency.toUpperCase()}`;

interface PaymentsDeps {
  gateway: PaymentGateway;
  orders: OrdersService;
  users: UsersService;
  mailer: MailService;
  log: FastifyBaseLogger;
}

/**
 * One payment intent per order, reused on every visit of the payment page; an order is paid only once the
 * gateway confirms that intent for exactly its amount and currency. A payment of the shop's that succeeds for
 * an order that is gone or already paid, or for another amount or currency, is refunded and reported to the
 * administrators; payments the shop did not ask for are left alone.
 */
export class PaymentsService {
  constructor(private readonly deps: PaymentsDeps) {}

  /** The buyer's own order (not found for anyone else's, so that ids reveal nothing). */
  async orderOf(buyer: SessionUser, orderId: string): Promise<OrderRow> {
    const order = await this.deps.orders.find(orderId);
    if (!order || order.userId !== buyer.id) throw new NotFound(ORDER_NOT_FOUND);
    return order;
  }

  /** The client secret the buyer's card form confirms: the order's intent, or a new one if it has none left. */
  async clientSecretFor(buyer: SessionUser, orderId: string): Promise<string> {
    return this.clientSecretOf(await this.orderOf(buyer, orderId));
  }

  /** The buyer's browser says the card went through: believed only once the gateway confirms it. */
  async confirm(buyer: SessionUser, orderId: string, transactionId: string): Promise<OrderRow | undefined> {
    const order = await this.orderOf(buyer, orderId);
    if (order.paid && order.transactionId === transactionId) return undefined;
    const intent = await this.deps.gateway.retrieveIntent(transactionId);
    const ours = intent !== undefined && paysFor(intent, order);
    if (order.paid) {
      // A second payment of a paid order: applying it refunds it.
      if (ours && intent.status === 'succeeded') await this.applyPayment(order, intent);
      throw new Conflict(ALREADY_PAID);
    }
    if (!intent || !ours) throw new InvalidInput('This payment does not belong to this order.');
    if (intent.status !== 'succeeded') throw new InvalidInput('This payment has not succeeded.');
    const paid = await this.applyPayment(order, intent);
    // Paid meanwhile by this very payment (Stripe's webhook got there first): the buyer's payment is done.
    if (!paid && (await this.deps.orders.find(order.id))?.transactionId !== intent.id) {
      throw new Conflict(ALREADY_PAID);
    }
    return paid;
  }

  /** Stripe says an intent succeeded (webhook): Stripe's own record of the intent decides, not the event's copy. */
  async intentSucceeded(intentId: string): Promise<void> {
    const intent = await this.deps.gateway.retrieveIntent(intentId);
    if (intent?.status !== 'succeeded') return;
    if (!intent.ofThisShop) {
      this.deps.log.info({ intentId: intent.id }, 'payment made elsewhere than this shop: left alone');
      return;
    }
    const order = intent.orderId ? await this.deps.orders.find(intent.orderId) : undefined;
    if (!order) return this.refund(intent, 'its order no longer exists (cancelled, deleted or expired)');
    if (!paysFor(intent, order)) return this.refundMismatch(intent, order);
    await this.applyPayment(order, intent);
  }

  /**
   * Before an unpaid order goes: cancels its intent so that the card can no longer be charged. 'paid' when the
   * payment went through after all (the order is then marked paid), 'busy' while one is being processed.
   */
  async releaseIntent(order: OrderRow): Promise<IntentRelease> {
    const { gateway } = this.deps;
    if (!order.paymentIntentId) return 'free';
    const outcome = await gateway.cancelIntent(order.paymentIntentId);
    if (outcome === 'canceled' || outcome === 'missing') return 'free';
    if (outcome === 'succeeded') {
      const intent = await gateway.retrieveIntent(order.paymentIntentId);
      if (intent && !paysFor(intent, order)) {
        // Not this order's payment after all: given back, and the order may go.
        await this.refundMismatch(intent, order);
        return 'free';
      }
      // Paid now: by this call, or by the confirmation that got there first.
      if (
        intent &&
        ((await this.applyPayment(order, intent)) ?? (await this.deps.orders.find(order.id))?.paid)
      ) {
        return 'paid';
      }
    }
    return 'busy';
  }

  private async clientSecretOf(order: OrderRow): Promise<string> {
    const { gateway, orders } = this.deps;
    if (order.paid) throw new Conflict(ALREADY_PAID);
    if (order.paymentIntentId) {
      const current = await gateway.retrieveIntent(order.paymentIntentId);
      if (current && PAYABLE_STATES.has(current.status) && paysFor(current, order)) {
        return current.clientSecret;
      }
      if (current?.status === 'succeeded') {
        await this.applyPayment(order, current);
        throw new Conflict(ALREADY_PAID);
      }
      if (current?.status === 'processing') throw new Conflict(PAYMENT_UNDER_WAY);
    }
    // Two tabs asking at once send the same key, and the gateway answers both with the same intent.
    const key = `order-${order.id}-after-${order.paymentIntentId ?? 'none'}`;
    const created = await gateway
      .createIntent({ id: order.id, amountCents: order.priceCents, email: order.email }, key)
      .catch(async (error: unknown) => {
        // The order went (cancelled, deleted, expired) as its payment page opened: the test gateway keeps its
        // intents beside the orders and cannot record one for an order that is gone.
        if (!(await orders.find(order.id))) throw new NotFound(ORDER_NOT_FOUND);
        throw error;
      });
    const kept = await orders.recordPaymentIntent(order.id, order.paymentIntentId, created.id);
    if (kept === created.id) return created.clientSecret;
    await gateway.cancelIntent(created.id);
    const fresh = await orders.find(order.id);
    if (!fresh) throw new NotFound(ORDER_NOT_FOUND);
    return this.clientSecretOf(fresh);
  }

  /**
   * Marks the order paid with this succeeded intent (the receipt is queued with it). Answers the paid order,
   * or undefined when it was paid already: by this intent (nothing to do) or by another one (this second
   * payment is refunded).
   */
  private async applyPayment(order: OrderRow, intent: PaymentIntent): Promise<OrderRow | undefined> {
    const { gateway, orders } = this.deps;
    const paid = await orders.markPaid(order.id, {
      transactionId: intent.id,
      testPayment: gateway.kind === 'test',
    });
    if (paid) return paid;
    const current = await orders.find(order.id);
    if (current?.paid && current.transactionId !== intent.id) {
      await this.refund(intent, `its order was already paid with ${current.transactionId}`);
    }
    return undefined;
  }

  /** A payment of the shop's for another amount or currency than its order's: nobody asked for it. */
  private refundMismatch(intent: PaymentIntent, order: OrderRow): Promise<void> {
    const expected = formatDollars(centsToDollars(order.priceCents));
    return this.refund(intent, `it is not the order's amount (${expected})`);
  }

  private async refund(intent: PaymentIntent, reason: string): Promise<void> {
    const { gateway, users, mailer, log } = this.deps;
    await gateway.refund(intent.id);
    log.warn({ intentId: intent.id, orderId: intent.orderId, reason }, 'payment refunded');
    const amount = formatPaid(intent);
    for (const to of await users.administratorEmails()) {
      await mailer.send({
        to,
        subject: `Payment refunded: ${amount} (${intent.id})`,
        text:
          `A card payment of ${amount} succeeded, but ${reason}, so it has been refunded in full.\n\n` +
          `Payment: ${intent.id}\nOrder: ${intent.orderId ?? 'unknown'}\n\n` +
          'Nothing else needs doing unless the buyer contacts you about it.\n\nForgeline Tools & Parts',
      });
    }
  }
}
