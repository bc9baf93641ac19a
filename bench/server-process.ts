import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface BenchServer {
  base: string;
  bytes: number;
  toolId: string | undefined;
  stop(): Promise<void>;
}

/** Starts bench/serve.ts in its own process (so load and server do not share an event loop). */
export async function startBenchServer(env: Record<string, string> = {}): Promise<BenchServer> {
  const port = 3900 + Math.floor(Math.random() * 90);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'));
  const child = fork('bench/serve.ts', {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      BASE_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<{ bytes: number; toolId?: string }>((resolve, reject) => {
    child.once('message', (message) => resolve(message as { bytes: number; toolId?: string }));
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    bytes: ready.bytes,
    toolId: ready.toolId,
    async stop() {
      await new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill();
      });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
