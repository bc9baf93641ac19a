/**
 * A separate process for the lock tests: `node --import tsx data-folder-lock-holder.ts <dir> <kind> [--on-go]`.
 * Locks the data folder (with --on-go, once a line arrives on stdin), prints `locked` or `busy <message>`,
 * and then keeps the lock until it is killed.
 */
import { once } from 'node:events';
import { lockDataFolder, type LockKind } from '#server/db/pglite-lock.ts';

const [dir, kind, mode] = process.argv.slice(2) as [string, LockKind, string | undefined];

if (mode === '--on-go') {
  process.stdout.write('ready\n');
  await once(process.stdin, 'data');
}
try {
  await lockDataFolder(dir, kind);
  process.stdout.write('locked\n');
  setInterval(() => {}, 60_000);
} catch (error) {
  process.stdout.write(`busy ${(error as Error).message}\n`);
  process.exit(0);
}
