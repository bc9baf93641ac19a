import { fork } from 'node:child_process';
import { stopProcess } from './child-process.ts';

export interface BareFastify {
  base: string;
  stop(): Promise<void>;
}

/** Starts bench/bare-fastify.ts answering `body` on GET /api/parts. */
export async function startBareFastify(body: string): Promise<BareFastify> {
  const child = fork('bench/bare-fastify.ts', {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message: { port: number }) => resolve(message.port));
    child.once('exit', (code) => reject(new Error(`bare Fastify exited with ${code}`)));
    child.send({ body });
  });
  return { base: `http://127.0.0.1:${port}`, stop: () => stopProcess(child) };
}
