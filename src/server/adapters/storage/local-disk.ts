import { randomBytes } from 'node:crypto';
import { mkdir, opendir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ImageStorage, StoredImage } from './storage.ts';

const SAFE_ID = /^[A-Za-z0-9_-]+$/;

/** Images as files `<dir>/<id>.webp`, served by the app under `publicPath`. */
export class LocalDiskStorage implements ImageStorage {
  private constructor(
    readonly dir: string,
    private readonly publicPath: string,
  ) {}

  /** Creates the folder, so that the static file server finds it from the start. */
  static async open(dir: string, publicPath = '/uploads'): Promise<LocalDiskStorage> {
    await mkdir(dir, { recursive: true });
    return new LocalDiskStorage(dir, publicPath);
  }

  async save(id: string, webp: Buffer): Promise<string> {
    const file = this.fileOf(id);
    // A dotfile in the same folder: never served, and the rename cannot cross file systems, so a reader
    // sees either no file or the whole image.
    const temp = path.join(this.dir, `.${id}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      await writeFile(temp, webp, { flag: 'wx' });
      await rename(temp, file);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    return this.urlOf(id);
  }

  async *list(): AsyncIterable<StoredImage> {
    for await (const entry of await opendir(this.dir)) {
      const id = path.basename(entry.name, '.webp');
      if (!entry.isFile() || !entry.name.endsWith('.webp') || !SAFE_ID.test(id)) continue;
      // Another process may have removed it since the folder was read.
      const stats = await stat(this.fileOf(id)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return undefined;
        throw error;
      });
      if (stats) yield { id, url: this.urlOf(id), storedAt: stats.mtime };
    }
  }

  async remove(id: string): Promise<void> {
    await rm(this.fileOf(id), { force: true });
  }

  private fileOf(id: string): string {
    if (!SAFE_ID.test(id)) throw new Error(`Invalid image id ${JSON.stringify(id)}`);
    return path.join(this.dir, `${id}.webp`);
  }

  private urlOf(id: string): string {
    return `${this.publicPath}/${id}.webp`;
  }
}
