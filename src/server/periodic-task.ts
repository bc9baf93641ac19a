import type { FastifyInstance } from 'fastify';

export interface PeriodicTask {
  /** What the task does, for the log line when it fails. */
  name: string;
  everyMs: number;
  run(): Promise<void>;
}

/**
 * Runs a housekeeping task in the background while `app` runs: once it is ready, then every `everyMs`, one
 * run at a time. Closing the app waits for a run under way. Every process runs it, so a task must be
 * idempotent and safe when several processes run it at once.
 */
export function runPeriodically(app: FastifyInstance, task: PeriodicTask): void {
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  const start = () => {
    running ??= task
      .run()
      .catch((error: unknown) => app.log.error({ err: error }, `${task.name} failed`))
      .finally(() => {
        running = undefined;
      });
  };
  app.addHook('onReady', async () => {
    start();
    timer = setInterval(start, task.everyMs).unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
