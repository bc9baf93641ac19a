import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { contactMessages } from '#shared/schemas/contact.ts';
import { clientKey } from '#server/client-address.ts';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { requestLimits } from '#server/db/schema.ts';
import { runPeriodically } from '#server/periodic-task.ts';
import { apiError } from './errors.ts';

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

interface Hit {
  key: string;
  hits: number;
  /** Seconds until the window ends. */
  resetIn: number;
}

/** Counts a request against each key (the database function count_request_hits, migration 0014). */
async function countHits(db: Db, keys: string[], windowSeconds: number): Promise<Hit[]> {
  const keyList = sql.join(
    keys.map((key) => sql`${key}`),
    sql`, `,
  );
  const result = await db.execute(
    sql`SELECT hit_key, hit_count, reset_in FROM count_request_hits(ARRAY[${keyList}]::text[], ${windowSeconds}::int)`,
  );
  type Row = { hit_key: string; hit_count: number; reset_in: number };
  return (result as { rows: Row[] }).rows.map((row) => ({
    key: row.hit_key,
    hits: row.hit_count,
    resetIn: row.reset_in,
  }));
}

const DAY_MS = 24 * 60 * 60 * 1000;

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
 * Rate limits for the shop's own write routes (Better Auth limits sign-in and sign-up itself), counted in
 * the database so that several server processes share them.
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance, { db, rules }: { db: Db; rules: LimitRules }) => {
    app.decorate('rateLimit', (action: LimitedAction) => {
      const rule = rules[action];
      return async (request: FastifyRequest, reply: FastifyReply) => {
        const limits = [{ key: `${action}:client:${clientKey(request.ip)}`, max: rule.perClient }];
        if (rule.perAccount !== undefined && request.user) {
          limits.push({ key: `${action}:account:${request.user.id}`, max: rule.perAccount });
        }

        const maxOf = new Map(limits.map((limit) => [limit.key, limit.max]));
        const hits = await countHits(db, [...maxOf.keys()], rule.windowSeconds);
        const over = hits.filter((hit) => hit.hits > maxOf.get(hit.key)!);
        if (over.length === 0) return;
        const retryAfter = Math.max(1, ...over.map((hit) => hit.resetIn));
        const message = rule.message ?? `Too many requests. Please try again in ${retryAfter} seconds.`;
        // Refused before an upload's body arrived: closing is the only way to stop the client sending it.
        if (!request.raw.complete) reply.header('connection', 'close');
        return reply.code(429).header('retry-after', String(retryAfter)).send(apiError(429, message));
      };
    });

    runPeriodically(app, {
      name: 'pruning old rate-limit counters',
      everyMs: DAY_MS / 24,
      async run() {
        await db.delete(requestLimits).where(sql`${requestLimits.windowStart} < now() - interval '1 day'`);
      },
    });
  },
);
