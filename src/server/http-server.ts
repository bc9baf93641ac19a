import http from 'node:http';
import type { FastifyServerFactory } from 'fastify';
import type { ConnectionLimits } from './config.ts';

/**
 * Node enforces the headers and request timeouts only when it sweeps its connections, every 30 s by default,
 * so a 10 s headers timeout would really be up to 40 s. Sweeping every second (or at the headers timeout, if
 * that is shorter) keeps both timeouts close to their configured values.
 */
const sweepInterval = (limits: ConnectionLimits) => Math.min(1_000, limits.headersTimeoutMs);

/** Fastify's serverFactory: the HTTP server with the configured timeouts and connection limit. */
export function httpServerFactory(limits: ConnectionLimits): FastifyServerFactory {
  return (handler) => {
    const server = http.createServer(
      {
        keepAliveTimeout: limits.keepAliveTimeoutMs,
        headersTimeout: limits.headersTimeoutMs,
        requestTimeout: limits.requestTimeoutMs,
        connectionsCheckingInterval: sweepInterval(limits),
      },
      handler,
    );
    server.setTimeout(limits.socketTimeoutMs);
    server.maxConnections = limits.maxConnections;
    return server;
  };
}
