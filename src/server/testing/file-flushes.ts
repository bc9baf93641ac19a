import { open, readlink, type FileHandle } from 'node:fs/promises';
import { vi } from 'vitest';

export interface Flush {
  /** The file or folder flushed, by its path at the time. */
  file: string;
  bytes: number;
}

/**
 * Records every FileHandle.sync (what reaches the disk before a power cut could lose it), in order, while
 * `during` runs; each flush still happens.
 */
export async function fileFlushesDuring(during: () => Promise<void>): Promise<Flush[]> {
  const probe = await open(import.meta.dirname, 'r');
  const fileHandle = Object.getPrototypeOf(probe) as FileHandle;
  await probe.close();
  const flushed: Flush[] = [];
  const realSync = fileHandle.sync;
  const sync = vi.spyOn(fileHandle, 'sync').mockImplementation(async function (this: FileHandle) {
    flushed.push({ file: await readlink(`/proc/self/fd/${this.fd}`), bytes: (await this.stat()).size });
    await realSync.call(this);
  });
  try {
    await during();
  } finally {
    sync.mockRestore();
  }
  return flushed;
}
