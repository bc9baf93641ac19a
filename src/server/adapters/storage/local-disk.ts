import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ImageStorage } from './storage.ts';

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
    if (!SAFE_ID.test(id)) throw new Error(`Invalid image id ${JSON.stringify(id)}`);
    const file = `${id}.webp`;
    // A dotfile in the same folder: never served, and the rename cannot cross file systems, so a reader
    // sees either no file or the whole image.
    const temp = path.join(this.dir, `.${id}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      await writeFile(temp, webp, { flag: 'wx' });
      await rename(temp, path.join(this.dir, file));
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    return `${this.publicPath}/${file}`;
  }
}
