import { randomBytes } from 'node:crypto';
import { mkdir, open, opendir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { flushFolder, writeToDisk } from '#server/adapters/durable-files.ts';
import {
  imageFileName,
  imageIdOf,
  imageUrl,
  type ImageContent,
  type ImageStorage,
  type StoredImage,
} from './storage.ts';

/** For a file that another process may have removed: undefined instead of ENOENT. */
const unlessGone = (error: NodeJS.ErrnoException): undefined => {
  if (error.code === 'ENOENT') return undefined;
  throw error;
};

/** The end of a save's temporary file's name. */
const TEMPORARY = '.tmp';
/** A save writes at most 5 MB: its temporary file is abandoned long before this. */
const ABANDONED_AFTER_MS = 60 * 60 * 1000;

/** Images as files `<dir>/<id>.webp`. */
export class LocalDiskStorage implements ImageStorage {
  private constructor(readonly dir: string) {}

  /**
   * Creates the folder, so that the first upload finds it, and removes what saves cut short by a crash left
   * behind (their temporary files, once they are older than any save takes).
   */
  static async open(dir: string, now = new Date()): Promise<LocalDiskStorage> {
    await mkdir(dir, { recursive: true });
    const storage = new LocalDiskStorage(dir);
    await storage.removeAbandonedSaves(now.getTime() - ABANDONED_AFTER_MS);
    return storage;
  }

  /**
   * Writes the image and its name to the disk before it answers, as the database writes the commit that names
   * it (decision 26): after a power cut, a tool's image is there whole.
   */
  async save(id: string, webp: Buffer): Promise<string> {
    const file = this.fileOf(id);
    // A dotfile in the same folder: never listed or served, and the rename cannot cross file systems, so a
    // reader sees either no file or the whole image.
    const temp = path.join(this.dir, `.${id}.${randomBytes(6).toString('hex')}${TEMPORARY}`);
    try {
      await writeToDisk(temp, webp);
      await rename(temp, file);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    await flushFolder(this.dir);
    return imageUrl(id);
  }

  async *list(): AsyncIterable<StoredImage> {
    for await (const entry of await opendir(this.dir)) {
      const id = imageIdOf(entry.name);
      if (!entry.isFile() || id === undefined) continue;
      // Another process may have removed it since the folder was read.
      const stats = await stat(this.fileOf(id)).catch(unlessGone);
      if (stats) yield { id, url: imageUrl(id), storedAt: stats.mtime };
    }
  }

  async read(id: string): Promise<ImageContent | undefined> {
    // Opened first, so that the size and time are those of the bytes sent even if the file is replaced.
    const handle = await open(this.fileOf(id), 'r').catch(unlessGone);
    if (!handle) return undefined;
    try {
      const stats = await handle.stat();
      if (!stats.isFile()) {
        await handle.close();
        return undefined;
      }
      return {
        body: handle.createReadStream(),
        bytes: stats.size,
        storedAt: stats.mtime,
        // As the static file server made it before, so that browsers' cached copies stay valid.
        etag: `W/"${stats.size.toString(16)}-${stats.mtime.getTime().toString(16)}"`,
      };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async remove(id: string): Promise<void> {
    await rm(this.fileOf(id), { force: true });
  }

  /** Another process sharing the folder may be saving now: only temporary files modified before `before` go. */
  private async removeAbandonedSaves(before: number): Promise<void> {
    for await (const entry of await opendir(this.dir)) {
      if (!entry.isFile() || !entry.name.startsWith('.') || !entry.name.endsWith(TEMPORARY)) continue;
      const file = path.join(this.dir, entry.name);
      const stats = await stat(file).catch(unlessGone);
      if (stats && stats.mtimeMs < before) await rm(file, { force: true });
    }
  }

  private fileOf(id: string): string {
    return path.join(this.dir, imageFileName(id));
  }
}
