// The floor of the catalogue benchmark, in its own process: Fastify with no logging, no hooks and no plugins,
// answering one constant JSON body (the shop's own answer, handed over by the harness) on the same path.
import Fastify from 'fastify';

process.once('message', ({ body }: { body: string }) => {
  const app = Fastify({ logger: false });
  app.get('/api/parts', (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
  app.listen({ port: 0, host: '127.0.0.1' }).then(
    () => process.send?.({ port: (app.server.address() as { port: number }).port }),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});
