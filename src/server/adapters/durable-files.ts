import { open } from 'node:fs/promises';

/**
 * Files that outlast a power cut, as the database's commits do (decision 26): written under a temporary name
 * and flushed, renamed, then their folder flushed, before the caller answers anyone.
 */

/** A new file `file` holding `content`, flushed to the disk. */
export async function writeToDisk(file: string, content: Buffer | string): Promise<void> {
  const handle = await open(file, 'wx');
  try {
    await handle.writeFile(content);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** The folder's entries (a name just given to a file) flushed to the disk. */
export async function flushFolder(dir: string): Promise<void> {
  const folder = await open(dir, 'r');
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
}
