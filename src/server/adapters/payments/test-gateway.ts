import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { testCardDecline, type CardInput } from '../../../shared/payments/test-cards.ts';
import type { Db } from '../../db/client.ts';
import { testPaymentIntents } from '../../db/schema.ts';
import type { PaymentGateway } from './payment-gateway.ts';

export class CardDeclinedError extends Error {}

const token = () => randomBytes(12).toString('base64url');

/** The default gateway: no account needed; intents live in our database, cards follow Stripe test mode. */
export function createTestGateway(db: Db) {
  return {
    kind: 'test',
    publishableKey: undefined,

    async createIntent(order) {
      const id = `pi_test_${token()}`;
      const clientSecret = `${id}_secret_${token()}`;
      await db
        .insert(testPaymentIntents)
        .values({ id, clientSecret, orderId: order.id, amountCents: order.amountCents });
      return { id, clientSecret };
    },

    async retrieveIntent(id) {
      const [intent] = await db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, id));
      return (
        intent && {
          id: intent.id,
          status: intent.status,
          amountCents: intent.amountCents,
          orderId: intent.orderId,
        }
      );
    },

    /** Charges the card for the intent behind clientSecret; throws CardDeclinedError with the card's message. */
    async confirm(clientSecret: string, card: CardInput): Promise<{ id: string; status: 'succeeded' }> {
      const [intent] = await db
        .select()
        .from(testPaymentIntents)
        .where(eq(testPaymentIntents.clientSecret, clientSecret));
      if (!intent) throw new CardDeclinedError('This payment is not known. Reload the page and try again.');
      if (intent.status !== 'succeeded') {
        const decline = testCardDecline(card);
        if (decline) throw new CardDeclinedError(decline);
        await db
          .update(testPaymentIntents)
          .set({ status: 'succeeded', updatedAt: new Date() })
          .where(eq(testPaymentIntents.id, intent.id));
      }
      return { id: intent.id, status: 'succeeded' };
    },
  } satisfies PaymentGateway & { confirm: unknown };
}

export type TestGateway = ReturnType<typeof createTestGateway>;
