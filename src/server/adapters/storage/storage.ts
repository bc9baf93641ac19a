/** An image the store holds. */
export interface StoredImage {
  /** The id it was saved under. */
  id: string;
  /** Its public URL, as save() answered it. */
  url: string;
  /** When it was stored (an object's last-modified time). */
  storedAt: Date;
}

/** Where uploaded images are kept; the default is the local disk, an S3-compatible store can follow. */
export interface ImageStorage {
  /** Stores an already re-encoded WebP image under `id` and answers its public URL. */
  save(id: string, webp: Buffer): Promise<string>;
  /** Every stored image, page by page as the store answers; anything else the store holds is left out. */
  list(): AsyncIterable<StoredImage>;
  /** Deletes the image stored under `id`; deleting one that is already gone is not an error. */
  remove(id: string): Promise<void>;
}
