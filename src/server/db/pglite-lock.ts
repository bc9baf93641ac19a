import { readFileSync, rmSync, writeFileSync } from 'node:fs';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The embedded database is a single process's files: a second process opening them would corrupt
 * them, so each opener leaves its pid beside the folder and refuses a folder that a live process holds.
 * Returns the release function.
 */
export function lockDataFolder(dir: string): () => void {
  const lockFile = `${dir}.pid`;
  let holder: number | undefined;
  try {
    holder = Number.parseInt(readFileSync(lockFile, 'utf8'), 10);
  } catch {
    holder = undefined;
  }
  if (holder && holder !== process.pid && isRunning(holder)) {
    throw new Error(
      `The embedded database in ${dir} is in use by process ${holder}. Stop that process first, or use DATABASE_URL.`,
    );
  }
  writeFileSync(lockFile, String(process.pid));
  return () => rmSync(lockFile, { force: true });
}
