/**
 * For the shutdown tests: `node --import tsx hanging-close-server.ts`, a server whose closing never finishes
 * (as a database that does not answer would), shut down as the real entry point is, after SHUTDOWN_TIMEOUT_MS.
 */
import Fastify from 'fastify';
import { closeOnSignals } from '#server/shutdown.ts';

const app = Fastify({ logger: true });
app.addHook('onClose', () => new Promise<void>(() => {}));
closeOnSignals(app, Number(process.env.SHUTDOWN_TIMEOUT_MS));
await app.listen({ port: 0, host: '127.0.0.1' });
