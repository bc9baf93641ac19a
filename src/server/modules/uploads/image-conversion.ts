import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { InvalidInput } from '#server/domain-errors.ts';

const ACCEPTED_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);
export const MAX_IMAGE_WIDTH = 1200;
/**
 * A 24-megapixel camera photo passes and a tool's picture needs no more: decoding costs about 4 bytes a
 * pixel, and a tiny file must not expand into gigabytes of them.
 */
export const MAX_IMAGE_MEGAPIXELS = 25;

/**
 * Checks by content that `input` is a JPEG, PNG, WebP or GIF image and re-encodes it as WebP: turned
 * upright by its EXIF orientation, at most 1200 px wide, without metadata (sharp drops it unless asked).
 * An animated GIF or WebP keeps only its first frame.
 */
export async function toWebp(input: Buffer): Promise<Buffer> {
  if (input.length === 0) throw new InvalidInput('The image file is empty.');
  const type = await fileTypeFromBuffer(input);
  if (!type || !ACCEPTED_TYPES.has(type.mime)) {
    throw new InvalidInput('The file must be a JPEG, PNG, WebP or GIF image.');
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

function unreadable(error: unknown): InvalidInput {
  if (error instanceof Error && /pixel limit/i.test(error.message)) {
    return new InvalidInput(`The image has too many pixels: at most ${MAX_IMAGE_MEGAPIXELS} megapixels.`);
  }
  return new InvalidInput('The image could not be read; the file may be damaged.');
}
