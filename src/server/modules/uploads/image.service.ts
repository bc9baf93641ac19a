import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';

const ACCEPTED_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);
export const MAX_IMAGE_WIDTH = 1200;
/**
 * A 24-megapixel camera photo passes and a tool's picture needs no more: decoding costs about 4 bytes a
 * pixel, and a tiny file must not expand into gigabytes of them.
 */
export const MAX_IMAGE_MEGAPIXELS = 25;

/** An image the shop refuses, with the reason as the uploader should read it. */
export class ImageRejectedError extends Error {
  constructor(
    message: string,
    readonly statusCode = 400,
  ) {
    super(message);
    this.name = 'ImageRejectedError';
  }
}

/**
 * Checks by content that `input` is a JPEG, PNG, WebP or GIF image and re-encodes it as WebP: turned
 * upright by its EXIF orientation, at most 1200 px wide, without metadata (sharp drops it unless asked).
 * An animated GIF or WebP keeps only its first frame.
 */
export async function toWebp(input: Buffer): Promise<Buffer> {
  if (input.length === 0) throw new ImageRejectedError('The image file is empty.');
  const type = await fileTypeFromBuffer(input);
  if (!type || !ACCEPTED_TYPES.has(type.mime)) {
    throw new ImageRejectedError('The file must be a JPEG, PNG, WebP or GIF image.');
  }
  try {
    // 'error' rather than sharp's default 'warning': many cameras write JPEGs with harmless warnings.
    return await sharp(input, {
      failOn: 'error',
      limitInputPixels: MAX_IMAGE_MEGAPIXELS * 1_000_000,
      autoOrient: true,
    })
      .resize({ width: MAX_IMAGE_WIDTH, withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (error) {
    throw unreadable(error);
  }
}

function unreadable(error: unknown): ImageRejectedError {
  if (error instanceof Error && /pixel limit/i.test(error.message)) {
    return new ImageRejectedError(
      `The image has too many pixels: at most ${MAX_IMAGE_MEGAPIXELS} megapixels.`,
    );
  }
  return new ImageRejectedError('The image could not be read; the file may be damaged.');
}
