import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from './client.ts';
import { lockDataFolder, type LockKind } from './pglite-lock.ts';

const HOLDER = path.resolve(import.meta.dirname, '../testing/data-folder-lock-holder.ts');
const holderCommand = (dir: string, kind: LockKind, ...rest: string[]) => [
  process.execPath,
  '--import',
  'tsx',
  HOLDER,
  dir,
  kind,
  ...rest,
];

/** A holder process and the lines it has printed. */
class Holder {
  lines: string[] = [];
  private constructor(readonly child: ChildProcess) {
    let pending = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      const complete = pending.split('\n');
      pending = complete.pop() ?? '';
      this.lines.push(...complete);
    });
  }

  /** `sh -c '<holder> & exec sleep'`: the holder's parent becomes `sleep`, which never reaps it. */
  static startUnreaped(dir: string, kind: LockKind) {
    const command = holderCommand(dir, kind)
      .map((word) => `'${word}'`)
      .join(' ');
    return Holder.track(spawn('sh', ['-c', `${command} & echo "pid $!"; exec sleep 600`], { stdio: 'pipe' }));
  }

  static start(dir: string, kind: LockKind, ...rest: string[]) {
    const [command, ...args] = holderCommand(dir, kind, ...rest);
    return Holder.track(spawn(command!, args, { stdio: 'pipe' }));
  }

  private static track(child: ChildProcess) {
    const holder = new Holder(child);
    started.push(holder);
    return holder;
  }

  async line(prefix: string): Promise<string> {
    return vi.waitFor(
      () => {
        const line = this.lines.find((candidate) => candidate.startsWith(prefix));
        if (line === undefined) throw new Error(`no "${prefix}" line yet: ${this.lines.join(' | ')}`);
        return line;
      },
      { timeout: 15_000, interval: 20 },
    );
  }
}

const started: Holder[] = [];
const releases: Array<() => Promise<void>> = [];
let dir: string;

beforeEach(async () => {
  dir = path.join(await mkdtemp(path.join(os.tmpdir(), 'shop-lock-')), 'pglite');
});
afterEach(async () => {
  await Promise.all(releases.splice(0).map((release) => release()));
  for (const { child } of started.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await once(child, 'exit');
    }
  }
  await rm(path.dirname(dir), { recursive: true, force: true });
});

async function lock(kind: LockKind) {
  const release = await lockDataFolder(dir, kind);
  releases.push(release);
  return release;
}

/**
 * Whether the process has died and waits to be reaped. Its main thread shows Z before the other threads have
 * ended and let go of its files; a parent's wait() answers once they all have: Threads 1.
 */
function isUnreapedZombie(pid: number): boolean {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return /^State:\s+Z/m.test(status) && /^Threads:\s+1$/m.test(status);
}

describe.each(['abstract-socket', 'socket-file'] as const)('the data folder lock (%s)', (kind) => {
  it('refuses while a live process holds it, naming the folder, the lock and what to do', async () => {
    await Holder.start(dir, kind).line('locked');
    const refusal = lockDataFolder(dir, kind);
    await expect(refusal).rejects.toThrow(`The embedded database in ${dir} is in use by another process`);
    const message = ((await refusal.catch((error: unknown) => error)) as Error).message;
    expect(message).toContain(kind === 'socket-file' ? `${dir}.lock` : 'forgeline-shop-pglite-');
    expect(message).toContain('Stop that process');
    expect(message).toContain('DATABASE_URL');
  });

  it('is free the moment its holder is killed, even while the dead holder is an unreaped zombie', async () => {
    const holder = Holder.startUnreaped(dir, kind);
    await holder.line('locked');
    const pid = Number((await holder.line('pid ')).slice(4));
    process.kill(pid, 'SIGKILL');
    await vi.waitFor(() => expect(isUnreapedZombie(pid)).toBe(true), { interval: 10 });

    const begin = performance.now();
    await lock(kind);
    expect(performance.now() - begin).toBeLessThan(500);
  });

  it('lets exactly one of two processes that open at the same moment win', async () => {
    const racers = [Holder.start(dir, kind, '--on-go'), Holder.start(dir, kind, '--on-go')];
    await Promise.all(racers.map((racer) => racer.line('ready')));
    for (const racer of racers) racer.child.stdin!.write('go\n');
    const outcomes = await Promise.all(
      racers.map((racer) =>
        vi.waitFor(
          () => {
            const outcome = racer.lines.find((line) => line === 'locked' || line.startsWith('busy '));
            if (!outcome) throw new Error('no outcome yet');
            return outcome.split(' ')[0];
          },
          { timeout: 15_000, interval: 20 },
        ),
      ),
    );
    expect(outcomes.sort()).toEqual(['busy', 'locked']);
  });

  it('is taken again by the same folder once released', async () => {
    const release = await lockDataFolder(dir, kind);
    await release();
    await lock(kind);
  });
});

it('ignores and removes the pid file of earlier versions, even when that pid is a live process', async () => {
  await writeFile(`${dir}.pid`, String(process.ppid));
  await lock('abstract-socket');
  expect(existsSync(`${dir}.pid`)).toBe(false);
});

it('refuses to open the embedded database that another process holds, before touching its files', async () => {
  await Holder.start(dir, 'abstract-socket').line('locked');
  await expect(openDatabase({ pgliteDir: dir, log: pino({ level: 'silent' }) })).rejects.toThrow(
    /in use by another process.*DATABASE_URL/s,
  );
  expect(existsSync(dir)).toBe(false);
});
