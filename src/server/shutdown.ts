import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Logger } from 'pino';
import { loggablePath } from './log-serializers.ts';

/** What shutting down needs of the app. */
export interface ClosableApp {
  server: Server;
  log: FastifyBaseLogger;
  /** Stops accepting connections, waits for every open one to end, then runs the onClose hooks. */
  close(): PromiseLike<unknown>;
}

/** Writes out what the logger still holds (pino-pretty, in development, logs from a worker thread). */
function flushLogs(log: FastifyBaseLogger): Promise<void> {
  const { flush } = log as Partial<Pick<Logger, 'flush'>>;
  return new Promise((resolve) => (flush ? flush.call(log, () => resolve()) : resolve()));
}

async function exit(log: FastifyBaseLogger, code: number): Promise<never> {
  await flushLogs(log);
  process.exit(code);
}

const describeRequests = (requests: Iterable<IncomingMessage>) =>
  [...requests].map((request) => `${request.method} ${loggablePath(request.url ?? '')}`).join(', ');

/**
 * On SIGTERM or SIGINT: stop accepting connections, let requests in progress finish for `timeoutMs`, then cut
 * the connections still open, close the app (database, mail) and exit: 0 if nothing had to be cut, 1 if the
 * deadline cut something or closing failed. Closing the app after the cut gets as long again. A second signal
 * exits at once.
 */
export function closeOnSignals(app: ClosableApp, timeoutMs: number): void {
  const inProgress = new Set<IncomingMessage>();
  let closing = false;
  app.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    inProgress.add(request);
    response.once('close', () => {
      inProgress.delete(request);
      // Node keeps an answered keep-alive connection open until its idle timeout, even while closing.
      if (closing) app.server.closeIdleConnections();
    });
  });

  async function close(signal: NodeJS.Signals): Promise<never> {
    closing = true;
    app.log.info(`${signal}: closing; requests in progress have ${timeoutMs} ms to finish`);
    let cut = false;
    let giveUp: NodeJS.Timeout | undefined;
    const deadline = setTimeout(() => {
      cut = true;
      const count = inProgress.size === 1 ? '1 request' : `${inProgress.size} requests`;
      const cutRequests =
        inProgress.size > 0 ? `, cutting ${count} still in progress: ${describeRequests(inProgress)}` : '';
      app.log.warn(`Shutdown deadline passed: closed every connection still open${cutRequests}`);
      app.server.closeAllConnections();
      giveUp = setTimeout(() => {
        app.log.error('Closing the database and mail delivery did not finish in time: exiting anyway');
        void exit(app.log, 1);
      }, timeoutMs);
    }, timeoutMs);
    try {
      await app.close();
    } catch (error) {
      app.log.error({ err: error }, 'closing failed');
      return exit(app.log, 1);
    } finally {
      clearTimeout(deadline);
      clearTimeout(giveUp);
    }
    app.log.info('closed');
    return exit(app.log, cut ? 1 : 0);
  }

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (!closing) return void close(signal);
      app.log.warn(`${signal} again: exiting at once`);
      void exit(app.log, 1);
    });
  }
}
