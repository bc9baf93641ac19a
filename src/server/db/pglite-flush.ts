import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';

/**
 * PGlite's start options with PostgreSQL's own flushes turned back on. PGlite starts PostgreSQL with `-F`
 * (fsync off), so a commit only reaches the operating system. A process that is killed then loses nothing,
 * but a machine that loses power loses the last seconds of orders and payments. Without `-F`, PostgreSQL flushes
 * the write-ahead log at every commit and each file at every checkpoint, as it does on a server. It flushes
 * through `fsync`, because the embedded file system ignores `fdatasync`, the default method on Linux.
 */
export const FLUSHING_START_PARAMS = [
  ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
  '-c',
  'wal_sync_method=fsync',
];

interface NodeFileStream {
  nfd?: number;
}

interface EmscriptenNodeFs {
  stream_ops: { fsync?: (stream: NodeFileStream) => number };
  tryFSOperation<T>(operation: () => T): T;
}

/**
 * Makes a flush that PostgreSQL asks for reach the disk. The embedded file system writes each file through
 * Node but has no `fsync` of its own, so a flush did nothing. A flush that fails is reported to PostgreSQL,
 * which then stops rather than carry on with data that may not be on the disk.
 */
export function flushToDisk(client: PGlite): void {
  const nodeFs = (client.Module as unknown as { NODEFS: EmscriptenNodeFs }).NODEFS;
  nodeFs.stream_ops.fsync = (stream) => {
    if (stream.nfd !== undefined) nodeFs.tryFSOperation(() => fs.fsyncSync(stream.nfd!));
    return 0;
  };
}
