import type { ChildProcess } from 'node:child_process';

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** SIGTERM, then SIGKILL if the process is still there after `graceMs`. */
export async function stopProcess(child: ChildProcess, graceMs = 5000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const stopped = await Promise.race([exited.then(() => true), sleep(graceMs).then(() => false)]);
  if (!stopped) {
    child.kill('SIGKILL');
    await exited;
  }
}
