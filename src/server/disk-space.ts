import { statfs } from 'node:fs/promises';

/** Bytes that this process may still write on the file system holding `dir`. */
export async function freeBytes(dir: string): Promise<number> {
  const { bavail, bsize } = await statfs(dir);
  return bavail * bsize;
}
