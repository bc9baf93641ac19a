import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { contactMessages } from '#shared/schemas/contact.ts';
import { clientKey } from '#server/client-address.ts';
import type { Config } from '#server/config.ts';
import { tooManyRequestsMessage } from '#server/domain-errors.ts';
import { runPeriodically } from '#server/periodic-task.ts';
import { apiError } from './errors.ts';
import type { HitCounter } from './hit-counter.ts';

/** How many requests of one kind an account, and a client address, may send per window. */
export interface LimitRule {
  windowSeconds: number;
  /** Per signed-in account; leave out for routes that anonymous visitors use. */
  perAccount?: number;
  /** Per client address (an IPv6 client by its /64). */
  perClient: number;
  /** The refusal's text, where the product has its own words for it. */
  message?: string;
}

export type LimitedAction = 'order' | 'payment' | 'cardConfirm' | 'review' | 'upload' | 'contact';
export type LimitRules = Record<LimitedAction, LimitRule>;

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler that answers 429 with Retry-After once the account or the client is over the rule's limit. */
    rateLimit(action: LimitedAction): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/** A client address may send this many times what one account may: an office shares one address. */
const CLIENT_FACTOR = 3;

/** The shop's limits, from the configuration. */
export function limitRules(config: Config): LimitRules {
  const perMinute = (perAccount: number): LimitRule => ({
    windowSeconds: 60,
    perAccount,
    perClient: perAccount * CLIENT_FACTOR,
  });
  const writes = perMinute(config.writeRateLimit);
  return {
    order: writes,
    payment: writes,
    cardConfirm: writes,
    review: writes,
    upload: {
      windowSeconds: 60 * 60,
      perAccount: config.uploadRateLimit,
      perClient: config.uploadRateLimit * CLIENT_FACTOR,
    },
    contact: { windowSeconds: 60 * 60, perClient: config.contactRateLimit, message: contactMessages.tooMany },
  };
}

/**
 * Rate limits for the shop's own write routes (Better Auth limits sign-in and sign-up itself), counted so that
 * every server process of one database shares them (hit-counter.ts).
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance, { counter, rules }: { counter: HitCounter; rules: LimitRules }) => {
    app.decorate('rateLimit', (action: LimitedAction) => {
      const rule = rules[action];
      return async (request: FastifyRequest, reply: FastifyReply) => {
        const limits = [{ key: `${action}:client:${clientKey(request.ip)}`, max: rule.perClient }];
        if (rule.perAccount !== undefined && request.user) {
          limits.push({ key: `${action}:account:${request.user.id}`, max: rule.perAccount });
        }

        const maxOf = new Map(limits.map((limit) => [limit.key, limit.max]));
        const hits = await counter.count([...maxOf.keys()], rule.windowSeconds);
        const over = hits.filter((hit) => hit.hits > maxOf.get(hit.key)!);
        if (over.length === 0) return;
        const retryAfter = Math.max(1, ...over.map((hit) => hit.resetIn));
        const message = rule.message ?? tooManyRequestsMessage(retryAfter);
        // Refused before an upload's body arrived: closing is the only way to stop the client sending it.
        if (!request.raw.complete) reply.header('connection', 'close');
        return reply.code(429).header('retry-after', String(retryAfter)).send(apiError(429, message));
      };
    });

    runPeriodically(app, {
      name: 'pruning old rate-limit counters',
      everyMs: counter.pruneEveryMs,
      run: () => counter.prune(),
    });
  },
);
