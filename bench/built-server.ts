import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sleep, stopProcess } from './child-process.ts';
import { freePort } from './free-port.ts';

export interface BuiltServer {
  base: string;
  pid: number;
  /** From the spawn to the first 200 from GET /api/health. */
  startupMs: number;
  stop(): Promise<void>;
}

/** How often a starting server is asked whether it is up: often enough to time its start. */
const POLL_MS = 10;

/**
 * The environment the built server runs in here, as the E2E tests run it: production mode with the built-in
 * payment gateway and file mail chosen explicitly, the demo catalogue seeded (no demo accounts: production
 * has none), the embedded database in `dataDir`.
 */
export function builtServerEnv(dataDir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    NODE_ENV: 'production',
    AUTH_SECRET: 'bench-secret-of-at-least-thirty-two-characters',
    ALLOW_TEST_PAYMENTS: 'true',
    ALLOW_FILE_MAIL: 'true',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
  };
}

/**
 * The built server (dist/server/server.js) on a free port: what browsers and Lighthouse load. On a fresh data
 * folder with the demo catalogue, removed by stop(), unless given `dataDir` (kept: the caller's). Ready once it
 * has loaded the catalogue, so that no page measured waits for the server's first query.
 */
export async function startBuiltServer({ dataDir }: { dataDir?: string } = {}): Promise<BuiltServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const folder = dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'shop-bench-built-'));
  const spawned = performance.now();
  // node directly, not npx: a server started through npx survives kill().
  const child = spawn(process.execPath, ['dist/server/server.js'], {
    env: { ...builtServerEnv(folder), PORT: String(port), HOST: '127.0.0.1', BASE_URL: base },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));

  const stop = async () => {
    await stopProcess(child);
    if (!dataDir) rmSync(folder, { recursive: true, force: true });
  };

  let startupMs: number | undefined;
  try {
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${stderr}`);
      const healthy = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2000) })
        .then((response) => response.ok)
        .catch(() => false);
      if (healthy) startupMs ??= performance.now() - spawned;
      if (healthy && (await fetch(`${base}/api/parts?limit=6`)).ok) break;
      if (Date.now() > deadline) throw new Error(`server not healthy after 60 s:\n${stderr}`);
      await sleep(POLL_MS);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, pid: child.pid!, startupMs: startupMs!, stop };
}
