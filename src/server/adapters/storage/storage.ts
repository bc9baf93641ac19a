import type { Readable } from 'node:stream';

/** Where every process serves stored images, each as `<id>.webp`. */
export const UPLOADS_PATH = '/uploads';
/** A stored image never changes under its random name: any cache may keep it for a year. */
export const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const IMAGE_ID = /^[A-Za-z0-9_-]+$/;
const IMAGE_NAME = /^([A-Za-z0-9_-]+)\.webp$/;

/** The public URL of the image stored under `id`. */
export function imageUrl(id: string): string {
  return `${UPLOADS_PATH}/${id}.webp`;
}

/** The id in a stored image's name (`<id>.webp`), or undefined when the name is no image of ours. */
export function imageIdOf(name: string): string | undefined {
  return IMAGE_NAME.exec(name)?.[1];
}

/** The name an image is stored under (a file's, or an object key's last part); refuses an id not of ours. */
export function imageFileName(id: string): string {
  if (!IMAGE_ID.test(id)) throw new Error(`Invalid image id ${JSON.stringify(id)}`);
  return `${id}.webp`;
}

/** An image the store holds. */
export interface StoredImage {
  /** The id it was saved under. */
  id: string;
  /** Its public URL, as save() answered it. */
  url: string;
  /** When it was stored (an object's last-modified time). */
  storedAt: Date;
}

/** A stored image, opened for sending. */
export interface ImageContent {
  /** The WebP bytes; whoever reads the image must consume this stream or destroy it. */
  body: Readable;
  bytes: number;
  storedAt: Date;
  /** An HTTP entity tag (quoted, `W/` when weak) that every process answers alike for this image. */
  etag: string;
}

/** Where uploaded images are kept: the local disk by default, or an S3-compatible bucket. */
export interface ImageStorage {
  /** Stores an already re-encoded WebP image under `id` and answers its public URL. */
  save(id: string, webp: Buffer): Promise<string>;
  /** Every stored image, page by page as the store answers; anything else the store holds is left out. */
  list(): AsyncIterable<StoredImage>;
  /** Opens the image stored under `id`; undefined when there is none. */
  read(id: string): Promise<ImageContent | undefined>;
  /** Deletes the image stored under `id`; deleting one that is already gone is not an error. */
  remove(id: string): Promise<void>;
  /** Releases connections (nothing uses the store any more by then). */
  close?(): void;
}
