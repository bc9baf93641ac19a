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
/** WebP's own limit on either side: a taller picture is scaled to fit. */
const MAX_WEBP_SIDE = 16383;
/**
 * Each scan of a JPEG is a pass over every block of the image: a crafted file of 10,000 empty scans (470 KB)
 * held a core for 25 s. A progressive photo has about ten.
 */
export const MAX_JPEG_SCANS = 100;
/** A conversion that takes longer is abandoned (a 25-megapixel photo takes under a second here). */
const CONVERSION_SECONDS = 10;

const JPEG_SOS = 0xda;
const JPEG_EOI = 0xd9;

/** Whether a JPEG marker stands alone, with no length after it: TEM, RST0–7, SOI, EOI. */
const standsAlone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= JPEG_EOI);

/**
 * How many scans the JPEG `input` has, found by walking its segments (a scan's own data is skipped to the next
 * marker: within it, 0xFF is followed by a zero byte or a restart marker).
 */
export function jpegScans(input: Buffer): number {
  let scans = 0;
  for (let at = input.indexOf(0xff, 2); at !== -1 && at + 1 < input.length;) {
    const marker = input[at + 1]!;
    if (marker === JPEG_EOI) break;
    if (marker === 0xff || marker === 0x00 || standsAlone(marker)) {
      at = input.indexOf(0xff, at + 1 + Number(marker !== 0xff));
      continue;
    }
    if (at + 4 > input.length) break;
    if (marker === JPEG_SOS) scans += 1;
    at = input.indexOf(0xff, at + 2 + input.readUInt16BE(at + 2));
  }
  return scans;
}

/**
 * Checks by content that `input` is a JPEG, PNG, WebP or GIF image and re-encodes it as WebP: turned
 * upright by its EXIF orientation, at most 1200 px wide (and 16,383 px tall), without metadata (sharp drops it
 * unless asked).
 * An animated GIF or WebP keeps only its first frame.
 */
export async function toWebp(input: Buffer): Promise<Buffer> {
  if (input.length === 0) throw new InvalidInput('The image file is empty.');
  const type = await fileTypeFromBuffer(input);
  if (!type || !ACCEPTED_TYPES.has(type.mime)) {
    throw new InvalidInput('The file must be a JPEG, PNG, WebP or GIF image.');
  }
  if (type.mime === 'image/jpeg' && jpegScans(input) > MAX_JPEG_SCANS) {
    throw new InvalidInput(`The image has too many scans: a JPEG may have at most ${MAX_JPEG_SCANS}.`);
  }
  try {
    // 'error' rather than sharp's default 'warning': many cameras write JPEGs with harmless warnings.
    return await sharp(input, {
      failOn: 'error',
      limitInputPixels: MAX_IMAGE_MEGAPIXELS * 1_000_000,
      autoOrient: true,
    })
      .timeout({ seconds: CONVERSION_SECONDS })
      .resize({ width: MAX_IMAGE_WIDTH, height: MAX_WEBP_SIDE, fit: 'inside', withoutEnlargement: true })
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
  if (error instanceof Error && /timeout/i.test(error.message)) {
    return new InvalidInput('The image took too long to convert; please save it again as an ordinary image.');
  }
  return new InvalidInput('The image could not be read; the file may be damaged.');
}
