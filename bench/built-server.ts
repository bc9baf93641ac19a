import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sleep, stopProcess } from './child-process.ts';
import { freePort } from './free-port.ts';

export interface BuiltServer {
  base: string;
  stop(): Promise<void>;
}

/**
 * The built server (dist/server/server.js) in production mode on a free port with a fresh data folder and the
 * demo catalogue, as the E2E tests run it: what browsers and Lighthouse load. Ready once it has loaded the
 * catalogue, so that no page measured waits for the server's first query.
 */
export async function startBuiltServer(): Promise<BuiltServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-built-'));
  // node directly, not npx: a server started through npx survives kill().
  const child = spawn(process.execPath, ['dist/server/server.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      BASE_URL: base,
      NODE_ENV: 'production',
      AUTH_SECRET: 'bench-secret-of-at-least-thirty-two-characters',
      ALLOW_TEST_PAYMENTS: 'true',
      ALLOW_FILE_MAIL: 'true',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));

  const stop = async () => {
    await stopProcess(child);
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${stderr}`);
      const healthy = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2000) })
        .then((response) => response.ok)
        .catch(() => false);
      if (healthy && (await fetch(`${base}/api/parts?limit=6`)).ok) break;
      if (Date.now() > deadline) throw new Error(`server not healthy after 60 s:\n${stderr}`);
      await sleep(200);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, stop };
}
