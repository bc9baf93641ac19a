/** Where uploaded images are kept; the default is the local disk, an S3-compatible store can follow. */
export interface ImageStorage {
  /** Stores an already re-encoded WebP image under `id` and answers its public URL. */
  save(id: string, webp: Buffer): Promise<string>;
}
