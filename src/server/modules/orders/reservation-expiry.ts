import type { FastifyBaseLogger } from 'fastify';
import type { QueueDefinition } from '#server/adapters/jobs/job-runner.ts';
import type { OrdersService } from './orders.service.ts';

/** The job that cancels unpaid orders whose hold has ended; the runner schedules it every minute. */
export function reservationExpiry(orders: OrdersService, log: FastifyBaseLogger): QueueDefinition<object> {
  return {
    name: 'expire-reservations',
    // A missed minute is made up by the next one: no retries piling up.
    options: { retryLimit: 0, expireInSeconds: 5 * 60 },
    async work() {
      const expired = await orders.expire();
      if (expired > 0) log.info({ expired }, 'unpaid orders expired; their stock is back');
    },
  };
}
