import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '#server/testing/test-database.ts';
import { stopProcess } from './child-process.ts';
import { freePort } from './free-port.ts';
import type { ReservationFigures, ReservationPlan } from './raw-reservation.ts';
import type { BenchToolSpec, ServeCommand, ServeMessage, ServeResults } from './serve-protocol.ts';

export type DatabaseKind = 'PGlite' | 'PostgreSQL';

export interface BenchServer {
  base: string;
  database: DatabaseKind;
  /** Tools in the catalogue: the demo's 12 at the start. */
  tools: number;
  /** Adds generated tools (older than the demo's) until the catalogue has `size`. */
  fillCatalogue(size: number): Promise<void>;
  addTool(tool: BenchToolSpec): Promise<string>;
  /** The raw SQL reservations, run by the server process on its own database (bench/raw-reservation.ts). */
  reserveRaw(plan: ReservationPlan, clients: number): Promise<ReservationFigures>;
  /** Waits until every mail queued so far has been written; answers how long that took, in ms. */
  mailsSent(): Promise<number>;
  /** Confirms the e-mail addresses of the accounts whose address starts with `emailPrefix`. */
  confirmBuyers(emailPrefix: string): Promise<void>;
  stop(): Promise<void>;
}

/** The databases to measure: the embedded default, and PostgreSQL when DATABASE_URL names a server. */
export function benchDatabases(): DatabaseKind[] {
  return process.env.DATABASE_URL ? ['PGlite', 'PostgreSQL'] : ['PGlite'];
}

/**
 * Starts bench/serve.ts in its own process (so load and server do not share an event loop) with a fresh data
 * folder and, on PostgreSQL, a fresh database on DATABASE_URL's server, both removed by stop().
 */
export async function startBenchServer(
  database: DatabaseKind,
  /** A database of DATABASE_URL's server that other bench servers use too: stop() leaves it. */
  shared?: TestDatabase,
): Promise<BenchServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'));
  // The same throwaway database the API tests make on DATABASE_URL's server, dropped by stop().
  let postgres: TestDatabase | undefined;
  if (database === 'PostgreSQL' && !shared) postgres = await createTestDatabase();
  const child = fork('bench/serve.ts', {
    execArgv: [
      '--import',
      'tsx',
      // The server's CPU profile, written when it stops (bench/serve.ts exits on SIGTERM for it).
      ...(process.env.BENCH_CPU_PROFILE
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`]
        : []),
    ],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      BASE_URL: base,
      DATABASE_URL: (shared ?? postgres)?.url ?? '',
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const stop = async () => {
    await stopProcess(child);
    rmSync(dataDir, { recursive: true, force: true });
    await postgres?.destroy();
  };

  type Reply = Exclude<ServeMessage, { ready: true }>;
  const pending = new Map<number, (reply: Reply) => void>();
  let started: (count: number) => void = () => undefined;
  let failed: (error: Error) => void = () => undefined;
  const ready = new Promise<number>((resolve, reject) => ([started, failed] = [resolve, reject]));
  child.on('message', (message: ServeMessage) => {
    if ('ready' in message) return started(message.tools);
    pending.get(message.id)?.(message);
    pending.delete(message.id);
  });
  child.once('exit', (code) => {
    failed(new Error(`bench server exited with ${code}`));
    for (const [id, settle] of pending) settle({ id, error: `exited with ${code}` });
  });

  let lastId = 0;
  const request = <C extends ServeCommand>(body: C) =>
    new Promise<ServeResults[C['command']]>((resolve, reject) => {
      const id = ++lastId;
      pending.set(id, (reply) =>
        'error' in reply
          ? reject(new Error(`bench server: ${reply.error}`))
          : resolve(reply.result as ServeResults[C['command']]),
      );
      child.send({ id, body });
    });

  try {
    const server: BenchServer = {
      base,
      database,
      tools: await ready,
      async fillCatalogue(size) {
        server.tools = (await request({ command: 'fill-catalogue', size })).tools;
      },
      addTool: async (tool) => (await request({ command: 'add-tool', tool })).id,
      reserveRaw: (plan, clients) => request({ command: 'raw-reservations', plan, clients }),
      mailsSent: async () => (await request({ command: 'mails-sent' })).ms,
      confirmBuyers: async (emailPrefix) => void (await request({ command: 'confirm-buyers', emailPrefix })),
      stop,
    };
    return server;
  } catch (error) {
    await stop();
    throw error;
  }
}
