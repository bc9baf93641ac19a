import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

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

interface EmscriptenNodeFs {
  stream_ops: { fsync?: (stream: { nfd?: number }) => number };
  tryFSOperation<T>(operation: () => T): T;
}

/**
 * The data folder as PGlite mounts it, with the `fsync` that its Node file system lacks: it writes each file
 * through Node, but a flush did nothing. It is given before PostgreSQL starts, so the flushes of a recovery
 * count too. A flush that fails is reported to PostgreSQL, which then stops rather than carry on with data
 * that may not be on the disk.
 */
export class FlushingNodeFS extends NodeFS {
  override async init(...args: Parameters<NodeFS['init']>): ReturnType<NodeFS['init']> {
    const { emscriptenOpts } = await super.init(...args);
    const flushThrough = (mod: unknown) => {
      const nodeFs = (mod as { NODEFS: EmscriptenNodeFs }).NODEFS;
      nodeFs.stream_ops.fsync = (stream) => {
        if (stream.nfd !== undefined) nodeFs.tryFSOperation(() => fs.fsyncSync(stream.nfd!));
        return 0;
      };
    };
    return {
      emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), flushThrough] },
    };
  }
}
