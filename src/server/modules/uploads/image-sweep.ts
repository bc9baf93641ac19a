import type { ImageStorage, StoredImage } from '#server/adapters/storage/storage.ts';
import type { Db } from '#server/db/client.ts';
import { findImagesInUse } from './uploads.repo.ts';

export const HOUR = 60 * 60 * 1000;
/** Images looked up in the database at once: one query each, and memory bounded however many are stored. */
const BATCH_SIZE = 500;

export interface SweepOptions {
  db: Db;
  storage: ImageStorage;
  /** An image nobody uses is kept this long after its upload: the form it was uploaded for may be open. */
  graceHours: number;
  now?: Date;
}

/**
 * Deletes the stored images that no tool, profile or order shows and that were stored more than the grace
 * time ago; answers how many. Several processes may sweep the same storage at once.
 */
export async function sweepUnusedImages({
  db,
  storage,
  graceHours,
  now = new Date(),
}: SweepOptions): Promise<number> {
  const storedBefore = now.getTime() - graceHours * HOUR;
  let removed = 0;
  let batch: StoredImage[] = [];
  for await (const image of storage.list()) {
    if (image.storedAt.getTime() < storedBefore) batch.push(image);
    if (batch.length === BATCH_SIZE) {
      removed += await removeUnused(db, storage, batch);
      batch = [];
    }
  }
  return removed + (await removeUnused(db, storage, batch));
}

/** Removes those of `images` that nothing shows; answers how many. */
async function removeUnused(db: Db, storage: ImageStorage, images: StoredImage[]): Promise<number> {
  const urls = images.map((image) => image.url);
  const inUse = await findImagesInUse(db, urls);
  const unused = images.filter((image) => !inUse.has(image.url));
  for (const image of unused) await storage.remove(image.id);
  return unused.length;
}
