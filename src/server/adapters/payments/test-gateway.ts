import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { testCardDecline, type CardInput } from '#shared/payments/test-cards.ts';
import type { Db } from '#server/db/client.ts';
import { testPaymentIntents } from '#server/db/schema.ts';
import { PaymentDeclined } from '#server/domain-errors.ts';
import {
  PAYABLE_STATES,
  SHOP_CURRENCY,
  type CancelOutcome,
  type IntentGateway,
  type PaymentIntent,
} from './payment-gateway.ts';

export interface TestGateway extends IntentGateway {
  kind: 'test';
  /** Charges the card for the intent behind clientSecret; refuses with the card's message (PaymentDeclined). */
  confirm(clientSecret: string, card: CardInput): Promise<{ id: string; status: 'succeeded' }>;
}

const token = () => randomBytes(12).toString('base64url');

function toIntent(row: typeof testPaymentIntents.$inferSelect): PaymentIntent {
  return {
    id: row.id,
    status: row.status,
    amountCents: row.amountCents,
    currency: SHOP_CURRENCY,
    orderId: row.orderId,
    // Kept in the shop's own database: made by the shop.
    ofThisShop: true,
    clientSecret: row.clientSecret,
  };
}

/** The default gateway: no account needed; intents live in our database, cards follow Stripe test mode. */
export function createTestGateway(db: Db): TestGateway {
  const byId = async (id: string) => {
    const [row] = await db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, id));
    return row;
  };
  return {
    kind: 'test',

    async createIntent(order, idempotencyKey) {
      const id = `pi_test_${token()}`;
      await db
        .insert(testPaymentIntents)
        .values({
          id,
          clientSecret: `${id}_secret_${token()}`,
          orderId: order.id,
          amountCents: order.amountCents,
          idempotencyKey,
        })
        .onConflictDoNothing({ target: testPaymentIntents.idempotencyKey });
      const [row] = await db
        .select()
        .from(testPaymentIntents)
        .where(eq(testPaymentIntents.idempotencyKey, idempotencyKey));
      return toIntent(row!);
    },

    async retrieveIntent(id) {
      const row = await byId(id);
      return row && toIntent(row);
    },

    async cancelIntent(id): Promise<CancelOutcome> {
      const [canceled] = await db
        .update(testPaymentIntents)
        .set({ status: 'canceled', updatedAt: new Date() })
        .where(and(eq(testPaymentIntents.id, id), inArray(testPaymentIntents.status, [...PAYABLE_STATES])))
        .returning();
      if (canceled) return 'canceled';
      const row = await byId(id);
      if (!row) return 'missing';
      return row.status === 'succeeded' || row.status === 'canceled' ? row.status : 'processing';
    },

    async refund(intentId) {
      await db
        .update(testPaymentIntents)
        .set({ status: 'refunded', updatedAt: new Date() })
        .where(and(eq(testPaymentIntents.id, intentId), eq(testPaymentIntents.status, 'succeeded')));
    },

    async confirm(clientSecret, card) {
      const [intent] = await db
        .select()
        .from(testPaymentIntents)
        .where(eq(testPaymentIntents.clientSecret, clientSecret));
      if (!intent) throw new PaymentDeclined('This payment is not known. Reload the page and try again.');
      if (intent.status === 'succeeded') return { id: intent.id, status: 'succeeded' };
      if (!PAYABLE_STATES.has(intent.status)) {
        throw new PaymentDeclined('This payment was cancelled. Reload the page to see your order.');
      }
      const decline = testCardDecline(card);
      if (decline) throw new PaymentDeclined(decline);
      // Conditional, so that a cancellation that got in first wins: the card is then not charged.
      const [charged] = await db
        .update(testPaymentIntents)
        .set({ status: 'succeeded', updatedAt: new Date() })
        .where(
          and(eq(testPaymentIntents.id, intent.id), inArray(testPaymentIntents.status, [...PAYABLE_STATES])),
        )
        .returning();
      // Not payable any more: a cancellation got in first, or another confirmation of the same card did.
      if (!charged && (await byId(intent.id))?.status !== 'succeeded') {
        throw new PaymentDeclined('This payment was cancelled. Reload the page to see your order.');
      }
      return { id: intent.id, status: 'succeeded' };
    },
  };
}
