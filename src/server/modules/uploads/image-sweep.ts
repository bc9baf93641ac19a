import type { ImageStorage, StoredImage } from '#server/adapters/storage/storage.ts';

export const HOUR = 60 * 60 * 1000;
/** Images looked up in the database at once: one query each, and memory bounded however many are stored. */
const BATCH_SIZE = 500;

/** A module whose records show uploaded images (tools, profiles, orders). */
export interface ImageUser {
  /** Which of these image URLs it shows. */
  imagesInUse(urls: string[]): Promise<Set<string>>;
}

export interface SweepOptions {
  storage: ImageStorage;
  /** Whoever may show an image: an image none of them shows is unused. */
  usedBy: ImageUser[];
  /** An image nobody uses is kept this long after its upload: the form it was uploaded for may be open. */
  graceHours: number;
  now?: Date;
}

/**
 * Deletes the stored images that no tool, profile or order shows and that were stored more than the grace
 * time ago; answers how many. Several processes may sweep the same storage at once.
 */
export async function sweepUnusedImages({
  storage,
  usedBy,
  graceHours,
  now = new Date(),
}: SweepOptions): Promise<number> {
  const storedBefore = now.getTime() - graceHours * HOUR;
  const removeUnused = (images: StoredImage[]) => removeUnusedOf(images, storage, usedBy);
  let removed = 0;
  let batch: StoredImage[] = [];
  for await (const image of storage.list()) {
    if (image.storedAt.getTime() < storedBefore) batch.push(image);
    if (batch.length === BATCH_SIZE) {
      removed += await removeUnused(batch);
      batch = [];
    }
  }
  return removed + (await removeUnused(batch));
}

/** Removes those of `images` that nothing shows; answers how many. */
async function removeUnusedOf(images: StoredImage[], storage: ImageStorage, usedBy: ImageUser[]) {
  if (images.length === 0) return 0;
  const urls = images.map((image) => image.url);
  const inUse = await Promise.all(usedBy.map((user) => user.imagesInUse(urls)));
  const unused = images.filter((image) => !inUse.some((shown) => shown.has(image.url)));
  for (const image of unused) await storage.remove(image.id);
  return unused.length;
}
