import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { link, realpath, rm } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';

/**
 * How the lock is held: a socket name that only one process can listen on. The kernel frees an abstract
 * socket (Linux) or a named pipe (Windows) when its process dies, however it dies; a socket file
 * (elsewhere) stays behind, and is known to be stale when connecting to it is refused.
 */
export type LockKind = 'abstract-socket' | 'named-pipe' | 'socket-file';

const PLATFORM_LOCK: LockKind =
  process.platform === 'linux'
    ? 'abstract-socket'
    : process.platform === 'win32'
      ? 'named-pipe'
      : 'socket-file';

export class DataFolderInUseError extends Error {
  constructor(dir: string, lock: string) {
    super(
      `The embedded database in ${dir} is in use by another process (it holds the lock ${lock}). ` +
        'Stop that process (another server, or a script such as npm run db:seed) and start again, ' +
        'or set DATABASE_URL to use a PostgreSQL server, which several processes can share.',
    );
    this.name = 'DataFolderInUseError';
  }
}

/** The same name for every path that leads to the folder, whether or not the folder exists yet. */
async function lockName(dir: string): Promise<string> {
  const real = await realpath(dir).catch(async () =>
    path.join(await realpath(path.dirname(dir)), path.basename(dir)),
  );
  return `forgeline-shop-pglite-${createHash('sha256').update(real).digest('hex').slice(0, 24)}`;
}

/** Where to listen, and how to name that in a message. */
async function lockAddress(dir: string, kind: LockKind): Promise<{ listenPath: string; shown: string }> {
  if (kind === 'socket-file') return { listenPath: `${dir}.lock`, shown: `${dir}.lock` };
  const name = await lockName(dir);
  return kind === 'abstract-socket'
    ? {
        listenPath: `\0${name}`,
        shown: `@${name} (an abstract Unix socket: \`ss -xlp | grep ${name}\` names the process)`,
      }
    : { listenPath: `\\\\?\\pipe\\${name}`, shown: `\\\\.\\pipe\\${name}` };
}

/** Listens on the address; false when another server already does. */
async function listenOn(server: net.Server, listenPath: string): Promise<boolean> {
  server.listen(listenPath);
  try {
    await once(server, 'listening');
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') return false;
    throw error;
  }
}

/** Whether a live process listens on the socket file: a stale one refuses the connection. */
async function isAnswered(socketFile: string): Promise<boolean> {
  const socket = net.connect(socketFile);
  try {
    await once(socket, 'connect');
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ECONNREFUSED' || code === 'ENOENT') return false;
    throw error;
  } finally {
    socket.destroy();
  }
}

/**
 * A dead process leaves its socket file behind. This one is linked into place only once it listens, so a lock
 * file that refuses a connection is stale (two openers both replacing one stale file can still both win).
 */
async function holdSocketFile(server: net.Server, lockFile: string): Promise<boolean> {
  const ownFile = `${lockFile}-${randomBytes(4).toString('hex')}`;
  await listenOn(server, ownFile);
  try {
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        await link(ownFile, lockFile);
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      if (await isAnswered(lockFile)) return false;
      await rm(lockFile, { force: true });
    }
    return false;
  } finally {
    await rm(ownFile, { force: true });
  }
}

/**
 * The embedded database is a single process's files: a second process opening them would corrupt them.
 * Holds a lock that the operating system releases with the process (even on `kill -9`), and refuses a
 * folder whose lock another process holds. Answers the release function.
 */
export async function lockDataFolder(
  dir: string,
  kind: LockKind = PLATFORM_LOCK,
): Promise<() => Promise<void>> {
  const { listenPath, shown } = await lockAddress(dir, kind);
  // Connections are probes from other openers: answering them says the lock is held.
  const server = net.createServer((socket) => socket.destroy());
  const held =
    kind === 'socket-file' ? await holdSocketFile(server, listenPath) : await listenOn(server, listenPath);
  if (!held) {
    server.close();
    throw new DataFolderInUseError(dir, shown);
  }
  // The lock lasts as long as the process or the database, whichever ends first; it never keeps either alive.
  server.unref();
  // Earlier versions locked with a pid file, which a dead process left behind.
  await rm(`${dir}.pid`, { force: true });
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    if (kind === 'socket-file') await rm(listenPath, { force: true });
  };
}
