import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { vi } from 'vitest';

const ENTRY_POINT = path.resolve(import.meta.dirname, '../server.ts');

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** performance.now() when the process ended. */
  at: number;
}

/** A server in its own process, on a free port of 127.0.0.1: the real entry point unless told another. */
export class ServerProcess {
  output = '';
  readonly exited: Promise<Exit>;

  private constructor(private readonly child: ChildProcess) {
    const collect = (chunk: Buffer) => (this.output += chunk.toString());
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    this.exited = once(child, 'exit').then(([code, signal]) => ({
      code: code as number | null,
      signal: signal as NodeJS.Signals | null,
      at: performance.now(),
    }));
  }

  static start(env: Record<string, string>, entryPoint = ENTRY_POINT): ServerProcess {
    const child = spawn(process.execPath, ['--import', 'tsx', entryPoint], {
      env: { PATH: process.env.PATH, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'debug', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return new ServerProcess(child);
  }

  /** Waits until the output matches `pattern` (the server's log lines); fails if the process ends first. */
  async waitForOutput(pattern: RegExp, timeout = 30_000): Promise<RegExpExecArray> {
    return vi.waitFor(
      () => {
        const match = pattern.exec(this.output);
        if (match) return match;
        if (this.child.exitCode !== null) throw new Error(`the server exited:\n${this.output}`);
        throw new Error(`no ${pattern} in the output yet`);
      },
      { timeout, interval: 20 },
    );
  }

  /** The port it listens on, once it does. */
  async port(): Promise<number> {
    const [, port] = await this.waitForOutput(/Server listening at http:\/\/127\.0\.0\.1:(\d+)/);
    return Number(port);
  }

  signal(signal: NodeJS.Signals): number {
    this.child.kill(signal);
    return performance.now();
  }

  /** How it ended; fails if it is still running after `limitMs`. */
  async exitWithin(limitMs: number): Promise<Exit> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`still running after ${limitMs} ms:\n${this.output}`)),
        limitMs,
      );
    });
    return Promise.race([this.exited, deadline]).finally(() => clearTimeout(timer));
  }

  /** Stops it if it still runs. */
  async stop(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      this.child.kill('SIGKILL');
      await this.exited;
    }
  }
}
