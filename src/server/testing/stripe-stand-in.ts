import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';

/** A PaymentIntent as the stand-in keeps it and answers it (a subset of Stripe's object). */
export interface StandInIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: 'requires_payment_method' | 'processing' | 'succeeded' | 'canceled';
  client_secret: string;
  metadata: Record<string, string>;
  receipt_email: string | null;
  automatic_payment_methods: { enabled: boolean; allow_redirects?: string } | null;
  created: number;
  livemode: false;
}

interface RecordedCreate {
  contentType: string | undefined;
  form: Record<string, string>;
}

/** A refund as the stand-in records it. */
export interface StandInRefund {
  id: string;
  payment_intent: string;
  amount: number;
}

const missing = (what: string, id: string) => ({
  error: {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param: 'intent',
    message: `No such ${what}: '${id}'`,
  },
});

/**
 * Stands in for api.stripe.com: the PaymentIntent and Refund calls the gateway makes, form-encoded as
 * Stripe's v1 API, with its idempotency keys (a repeated key answers the first answer again).
 */
export class StripeStandIn {
  readonly intents = new Map<string, StandInIntent>();
  readonly creates: RecordedCreate[] = [];
  readonly refunds: StandInRefund[] = [];
  readonly server: FastifyInstance = Fastify();
  /** While set, every call is answered with this error, as Stripe answers a revoked key or an outage. */
  failure: { status: number; message: string } | undefined;
  private readonly answered = new Map<string, unknown>();

  constructor(private readonly secretKey: string) {}

  async start(): Promise<string> {
    const { server } = this;
    server.removeAllContentTypeParsers();
    // Accept any body as text so the handler itself can insist on the form encoding.
    server.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    server.addHook('onRequest', async (request, reply) => {
      if (this.failure) {
        const type = this.failure.status >= 500 ? 'api_error' : 'invalid_request_error';
        return reply.code(this.failure.status).send({ error: { type, message: this.failure.message } });
      }
      if (request.headers.authorization !== `Bearer ${this.secretKey}`) {
        return reply.code(401).send({
          error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' },
        });
      }
    });
    // A POST with an Idempotency-Key that was seen before gets the first answer, as at Stripe.
    server.addHook('preHandler', async (request, reply) => {
      const key = request.headers['idempotency-key'];
      if (request.method !== 'POST' || typeof key !== 'string') return;
      const earlier = this.answered.get(`${request.url} ${key}`);
      if (earlier !== undefined) return reply.send(earlier);
    });
    server.addHook('onSend', async (request, reply, payload) => {
      const key = request.headers['idempotency-key'];
      if (request.method === 'POST' && typeof key === 'string' && reply.statusCode === 200) {
        this.answered.set(`${request.url} ${key}`, JSON.parse(String(payload)));
      }
      return payload;
    });
    server.post('/v1/payment_intents', async (request, reply) => {
      const contentType = request.headers['content-type'];
      if (!contentType?.startsWith('application/x-www-form-urlencoded')) {
        return reply.code(400).send({
          error: { type: 'invalid_request_error', message: `Unsupported content type ${contentType}` },
        });
      }
      const form = Object.fromEntries(new URLSearchParams(String(request.body ?? '')));
      this.creates.push({ contentType, form });
      const amount = Number(form.amount);
      if (!Number.isInteger(amount) || amount < 1 || !form.currency) {
        return reply.code(400).send({
          error: { type: 'invalid_request_error', code: 'parameter_missing', message: 'Bad amount/currency' },
        });
      }
      const metadata: Record<string, string> = {};
      for (const [key, value] of Object.entries(form)) {
        const match = /^metadata\[(.+)\]$/.exec(key);
        if (match) metadata[match[1]!] = value;
      }
      const automatic =
        form['automatic_payment_methods[enabled]'] === undefined
          ? null
          : {
              enabled: form['automatic_payment_methods[enabled]'] === 'true',
              ...(form['automatic_payment_methods[allow_redirects]'] && {
                allow_redirects: form['automatic_payment_methods[allow_redirects]'],
              }),
            };
      return this.add({
        amount,
        currency: form.currency,
        metadata,
        receipt_email: form.receipt_email ?? null,
        automatic_payment_methods: automatic,
      });
    });
    server.get<{ Params: { id: string } }>('/v1/payment_intents/:id', async (request, reply) => {
      const intent = this.intents.get(request.params.id);
      if (!intent) return reply.code(404).send(missing('payment_intent', request.params.id));
      return intent;
    });
    server.post<{ Params: { id: string } }>('/v1/payment_intents/:id/cancel', async (request, reply) => {
      const intent = this.intents.get(request.params.id);
      if (!intent) return reply.code(404).send(missing('payment_intent', request.params.id));
      if (intent.status === 'succeeded' || intent.status === 'canceled' || intent.status === 'processing') {
        return reply.code(400).send({
          error: {
            type: 'invalid_request_error',
            code: 'payment_intent_unexpected_state',
            message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
          },
        });
      }
      intent.status = 'canceled';
      return intent;
    });
    server.post('/v1/refunds', async (request, reply) => {
      const form = Object.fromEntries(new URLSearchParams(String(request.body ?? '')));
      const intent = this.intents.get(form.payment_intent ?? '');
      if (!intent) return reply.code(404).send(missing('payment_intent', form.payment_intent ?? ''));
      if (intent.status !== 'succeeded') {
        return reply.code(400).send({
          error: {
            type: 'invalid_request_error',
            code: 'charge_not_succeeded',
            message: 'Nothing to refund.',
          },
        });
      }
      const refund = {
        id: `re_${randomBytes(12).toString('hex')}`,
        payment_intent: intent.id,
        amount: intent.amount,
      };
      this.refunds.push(refund);
      return { object: 'refund', status: 'succeeded', currency: intent.currency, ...refund };
    });
    await server.listen({ host: '127.0.0.1', port: 0 });
    return `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  }

  /** Stores a new intent, as Stripe does on create; tests also call it directly to forge one. */
  add(fields: {
    amount: number;
    currency?: string;
    metadata: Record<string, string>;
    receipt_email?: string | null;
    automatic_payment_methods?: StandInIntent['automatic_payment_methods'];
  }): StandInIntent {
    const id = `pi_${randomBytes(12).toString('hex')}`;
    const intent: StandInIntent = {
      id,
      object: 'payment_intent',
      amount: fields.amount,
      amount_received: 0,
      currency: fields.currency ?? 'usd',
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      metadata: fields.metadata,
      receipt_email: fields.receipt_email ?? null,
      automatic_payment_methods: fields.automatic_payment_methods ?? null,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
    };
    this.intents.set(id, intent);
    return intent;
  }

  /** The buyer's card was confirmed at Stripe. */
  succeed(id: string): StandInIntent {
    const intent = this.intents.get(id);
    if (!intent) throw new Error(`unknown intent ${id}`);
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    return intent;
  }

  /** The buyer's bank is still deciding (some payment methods take a while). */
  process(id: string): StandInIntent {
    const intent = this.intents.get(id);
    if (!intent) throw new Error(`unknown intent ${id}`);
    intent.status = 'processing';
    return intent;
  }

  async close(): Promise<void> {
    await this.server.close();
  }
}
