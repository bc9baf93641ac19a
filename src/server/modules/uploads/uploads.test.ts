import { randomBytes } from 'node:crypto';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_URL_PATTERN } from '#shared/schemas/common.ts';
import { createUser, type TestUser } from '#server/testing/accounts.ts';
import { IMAGE_STORES, type ImageStoreUnderTest } from '#server/testing/image-stores.ts';
import { multipart, type Part } from '#server/testing/multipart.ts';
import { createTestApp, type TestContext } from '#server/testing/test-app.ts';
import { jpegScans, MAX_JPEG_SCANS } from './image-conversion.ts';

let store: ImageStoreUnderTest;
let ctx: TestContext;
let alice: TestUser;

async function upload(parts: Part[], who: TestUser | null = alice) {
  const { payload, contentType } = await multipart(parts);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: { ...(who ? who.headers : { origin: ctx.config.baseUrl }), 'content-type': contentType },
    payload,
  });
}

const image = (data: Buffer, filename = 'photo.jpg', type = 'image/jpeg') => ({
  field: 'image',
  data,
  filename,
  type,
});

const NOT_AN_IMAGE = 'The file must be a JPEG, PNG, WebP or GIF image.';
const NO_IMAGE = 'No image was sent: choose a file for the form field "image".';
const NOT_A_FORM = 'Send the image as multipart/form-data in the form field "image".';

/** Everything kept where the images are, by name. */
const stored = () => store.contents(ctx.config);

/** The image at `url` as the shop serves it. */
async function served(url: string) {
  const response = await ctx.app.inject({ url });
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
}

const LONG_LIVED = 'public, max-age=31536000, immutable';

/** Uploads a small photo as Alice; answers its URL. */
async function uploadedImage() {
  const response = await upload([image(await canvas(120, 80).jpeg().toBuffer())]);
  expect(response.statusCode).toBe(200);
  return response.json<{ data: { url: string } }>().data.url;
}

const canvas = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#f59e0b' } });

/** Expects a refusal that left the uploads folder as it was. */
async function expectRefused(
  response: Awaited<ReturnType<typeof upload>>,
  before: string[],
  message: string,
) {
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({ success: false, message });
  expect(await stored()).toEqual(before);
}

/**
 * A valid grey 1024 × 1024 progressive JPEG of one DC scan and then `acScans` AC scans that change nothing, each
 * a few bytes: the shape of a file that makes the decoder pass over every block once per scan.
 */
function emptyScansJpeg(acScans: number): Buffer {
  const segment = (marker: number, data: number[]) => [
    0xff,
    marker,
    (data.length + 2) >> 8,
    (data.length + 2) & 0xff,
    ...data,
  ];
  const blocks = (1024 / 8) * (1024 / 8);
  /** Entropy-coded bits, 0xFF stuffed with a zero byte, the last byte padded with ones. */
  const entropy = (bits: string) =>
    (bits + '1111111'.slice((bits.length + 7) % 8))
      .match(/.{8}/g)!
      .flatMap((byte) => (byte === '11111111' ? [0xff, 0] : [parseInt(byte, 2)]));
  const huffman = (tableClass: number, symbol: number) =>
    segment(0xc4, [tableClass << 4, 1, ...Array<number>(15).fill(0), symbol]);
  const scan = (start: number, end: number) => segment(0xda, [1, 1, 0x00, start, end, 0]);
  // DC: the one code "0" (no difference) for every block. AC: "0" is an end-of-band run of 2^14 plus the next
  // 14 bits, here 0: the 16,384 blocks at once.
  const dc = entropy('0'.repeat(blocks));
  const ac = [...scan(1, 63), ...entropy('0'.repeat(15))];
  return Buffer.from([
    0xff,
    0xd8,
    ...segment(0xdb, [0, ...Array<number>(64).fill(1)]),
    ...segment(0xc2, [8, 1024 >> 8, 0, 1024 >> 8, 0, 1, 1, 0x11, 0]),
    ...huffman(0, 0),
    ...huffman(1, 0xe0),
    ...scan(0, 0),
    ...dc,
    ...Array.from({ length: acScans }, () => ac).flat(),
    0xff,
    0xd9,
  ]);
}

describe.each(IMAGE_STORES)('on $name', ({ start }) => {
  beforeAll(async () => {
    store = await start();
    ctx = await createTestApp(store.env);
    alice = await createUser(ctx);
  });
  afterAll(async () => {
    await ctx.close();
    await store.stop();
  });

  describe('POST /api/uploads', () => {
    it('re-encodes a big JPEG to WebP at most 1200 px wide, without EXIF, served with long-lived caching', async () => {
      const jpeg = await canvas(2400, 1600)
        .jpeg()
        .withMetadata({ exif: { IFD0: { Copyright: 'secret' } } })
        .toBuffer();
      expect((await sharp(jpeg).metadata()).exif).toBeDefined();

      const response = await upload([image(jpeg)]);
      expect(response.statusCode).toBe(200);
      const body = response.json<{ success: true; data: { url: string } }>();
      expect(body.success).toBe(true);
      expect(body.data.url).toMatch(UPLOAD_URL_PATTERN);
      expect(await stored()).toContain(path.basename(body.data.url));

      const servedImage = await ctx.app.inject({ url: body.data.url });
      expect(servedImage.statusCode).toBe(200);
      expect(servedImage.headers['content-type']).toBe('image/webp');
      expect(servedImage.headers['cache-control']).toBe(LONG_LIVED);
      expect(servedImage.headers['x-content-type-options']).toBe('nosniff');
      const metadata = await sharp(servedImage.rawPayload).metadata();
      expect(metadata).toMatchObject({ format: 'webp', width: 1200, height: 800 });
      expect(metadata.exif).toBeUndefined();
      expect(metadata.icc).toBeUndefined();
    });

    it('turns a photo upright by its EXIF orientation', async () => {
      const jpeg = await canvas(400, 200).jpeg().withMetadata({ orientation: 6 }).toBuffer();
      const response = await upload([image(jpeg)]);
      expect(response.statusCode).toBe(200);
      const upright = await served(response.json<{ data: { url: string } }>().data.url);
      expect(await sharp(upright).metadata()).toMatchObject({ width: 200, height: 400 });
    });

    it.each([
      ['PNG', 'tool.png', 'image/png', () => canvas(300, 200).png().toBuffer()],
      ['GIF', 'tool.gif', 'image/gif', () => canvas(300, 200).gif().toBuffer()],
      ['WebP', 'tool.webp', 'image/webp', () => canvas(300, 200).webp().toBuffer()],
    ])('accepts a %s image and never enlarges it', async (_kind, filename, type, make) => {
      const response = await upload([image(await make(), filename, type)]);
      expect(response.statusCode).toBe(200);
      const { url } = response.json<{ data: { url: string } }>().data;
      expect(url).toMatch(UPLOAD_URL_PATTERN);
      const metadata = await sharp(await served(url)).metadata();
      expect(metadata).toMatchObject({ format: 'webp', width: 300, height: 200 });
    });

    it('judges the type by content: an image with a misleading name and type is accepted', async () => {
      const png = await canvas(50, 50).png().toBuffer();
      const response = await upload([image(png, 'notes.txt', 'text/plain')]);
      expect(response.statusCode).toBe(200);
    });

    it('answers 401 without a session and stores nothing', async () => {
      const before = await stored();
      const response = await upload([image(await canvas(100, 100).jpeg().toBuffer())], null);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
      expect(await stored()).toEqual(before);
    });

    it('refuses a request sent by another site', async () => {
      const before = await stored();
      const { payload, contentType } = await multipart([image(await canvas(100, 100).jpeg().toBuffer())]);
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/uploads',
        headers: { ...alice.headers, origin: 'https://evil.example', 'content-type': contentType },
        payload,
      });
      expect(response.statusCode).toBe(403);
      expect(await stored()).toEqual(before);
    });

    it('refuses a text file renamed .png and sent as image/png', async () => {
      const before = await stored();
      const response = await upload([
        image(Buffer.from('just some text, not a picture\n'), 'fake.png', 'image/png'),
      ]);
      await expectRefused(response, before, NOT_AN_IMAGE);
    });

    it('refuses an SVG, even a harmless one', async () => {
      const before = await stored();
      const svg =
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';
      await expectRefused(
        await upload([image(Buffer.from(svg), 'logo.svg', 'image/svg+xml')]),
        before,
        NOT_AN_IMAGE,
      );
    });

    it('refuses a file over 5 MB', async () => {
      const before = await stored();
      const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(5 * 1024 * 1024)]);
      const response = await upload([image(big)]);
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ success: false, message: 'The image must be at most 5 MB' });
      expect(await stored()).toEqual(before);
    });

    it('accepts a file of exactly 5 MB as far as the size goes', async () => {
      const before = await stored();
      const jpeg = await canvas(100, 100).jpeg().toBuffer();
      // Trailing bytes after the JPEG's end marker are ignored by decoders.
      const padded = Buffer.concat([jpeg, Buffer.alloc(5 * 1024 * 1024 - jpeg.length)]);
      const response = await upload([image(padded)]);
      expect(response.statusCode).toBe(200);
      expect(await stored()).toHaveLength(before.length + 1);
    });

    it('refuses a corrupt JPEG (right magic bytes, garbage after)', async () => {
      const before = await stored();
      const corrupt = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), randomBytes(4096)]);
      const response = await upload([image(corrupt)]);
      await expectRefused(response, before, 'The image could not be read; the file may be damaged.');
    });

    it('refuses an image of more than 25 megapixels, however small its file', async () => {
      const before = await stored();
      const png = await canvas(5001, 5001).png().toBuffer();
      await expectRefused(
        await upload([image(png, 'huge.png', 'image/png')]),
        before,
        'The image has too many pixels: at most 25 megapixels.',
      );
    });

    it('takes a progressive JPEG, and refuses one of more scans than a photo has (each a pass over every pixel)', async () => {
      const progressive = await canvas(640, 480).jpeg({ progressive: true }).toBuffer();
      expect((await upload([image(progressive)])).statusCode).toBe(200);
      const crafted = emptyScansJpeg(MAX_JPEG_SCANS);
      expect(jpegScans(crafted)).toBe(MAX_JPEG_SCANS + 1);
      expect(await sharp(crafted).metadata()).toMatchObject({ format: 'jpeg', width: 1024, height: 1024 });
      const before = await stored();
      await expectRefused(
        await upload([image(crafted)]),
        before,
        'The image has too many scans: a JPEG may have at most 100.',
      );
    });

    it('scales a picture taller than WebP allows down to 16,383 px', async () => {
      const response = await upload([
        image(await canvas(600, 20_000).png().toBuffer(), 'tall.png', 'image/png'),
      ]);
      expect(response.statusCode).toBe(200);
      const { url } = response.json<{ data: { url: string } }>().data;
      expect(await sharp(await served(url)).metadata()).toMatchObject({ width: 491, height: 16_383 });
    });

    it('refuses a form without a file, a file in another field, an empty file and several files', async () => {
      const before = await stored();
      const jpeg = await canvas(100, 100).jpeg().toBuffer();
      await expectRefused(await upload([{ field: 'caption', data: 'no file here' }]), before, NO_IMAGE);
      await expectRefused(
        await upload([{ field: 'photo', data: jpeg, filename: 'a.jpg', type: 'image/jpeg' }]),
        before,
        'Send the image in the form field "image".',
      );
      await expectRefused(await upload([image(Buffer.alloc(0))]), before, NO_IMAGE);
      await expectRefused(
        await upload([image(jpeg), image(jpeg, 'b.jpg')]),
        before,
        'Send one image at a time.',
      );
    });

    it('refuses a body that is not a multipart form', async () => {
      const before = await stored();
      const json = await ctx.app.inject({
        method: 'POST',
        url: '/api/uploads',
        headers: alice.headers,
        payload: { image: 'https://example.com/a.jpg' },
      });
      await expectRefused(json, before, NOT_A_FORM);
      const empty = await ctx.app.inject({ method: 'POST', url: '/api/uploads', headers: alice.headers });
      await expectRefused(empty, before, NOT_A_FORM);
      const raw = await ctx.app.inject({
        method: 'POST',
        url: '/api/uploads',
        headers: { ...alice.headers, 'content-type': 'image/jpeg' },
        payload: await canvas(10, 10).jpeg().toBuffer(),
      });
      await expectRefused(raw, before, NOT_A_FORM);
    });

    it('is documented in the OpenAPI document as a multipart form', async () => {
      const response = await ctx.app.inject({ url: '/api/docs/json' });
      const operation = response.json<{
        paths: Record<string, { post?: { tags: string[]; requestBody?: object } }>;
      }>().paths['/api/uploads']?.post;
      expect(operation?.tags).toEqual(['uploads']);
      expect(JSON.stringify(operation?.requestBody)).toContain('multipart/form-data');
    });
  });

  describe('GET /uploads/*', () => {
    it('answers a JSON 404 for an unknown upload', async () => {
      const response = await ctx.app.inject({ url: '/uploads/x.webp' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
    });

    it('serves nothing outside the uploads folder, no folder listing and no unfinished (dot) file', async () => {
      await store.put(ctx.config, '.unfinished.tmp', 'partial');
      for (const url of [
        '/uploads/',
        '/uploads/.unfinished.tmp',
        '/uploads/..%2fpglite',
        '/uploads/%2e%2e/%2e%2e/package.json',
      ]) {
        const response = await ctx.app.inject({ url });
        expect([403, 404]).toContain(response.statusCode);
        expect(response.json()).toMatchObject({ statusCode: response.statusCode });
      }
    });

    it('lets a cache revalidate an image by its entity tag or time (304), and answers HEAD with the headers alone', async () => {
      const url = await uploadedImage();
      const full = await ctx.app.inject({ url });
      const { etag, 'last-modified': lastModified } = full.headers;
      expect(etag).toMatch(/^(W\/)?"[^"]+"$/);
      expect(new Date(String(lastModified)).getTime()).toBeGreaterThan(Date.now() - 60_000);

      for (const validator of [
        { 'if-none-match': String(etag) },
        { 'if-modified-since': String(lastModified) },
      ]) {
        const revalidated = await ctx.app.inject({ url, headers: validator });
        expect(revalidated.statusCode).toBe(304);
        expect(revalidated.rawPayload).toHaveLength(0);
        expect(revalidated.headers).toMatchObject({ etag, 'cache-control': LONG_LIVED });
      }
      const changed = await ctx.app.inject({ url, headers: { 'if-none-match': '"another"' } });
      expect(changed.statusCode).toBe(200);
      expect(changed.rawPayload).toEqual(full.rawPayload);

      const head = await ctx.app.inject({ url, method: 'HEAD' });
      expect(head.statusCode).toBe(200);
      expect(head.rawPayload).toHaveLength(0);
      expect(head.headers).toMatchObject({
        'content-type': 'image/webp',
        'content-length': String(full.rawPayload.length),
        'cache-control': LONG_LIVED,
        etag,
      });
    });

    it('is served alike by another server process on the same database and store', async () => {
      const url = await uploadedImage();
      const here = await ctx.app.inject({ url });
      const other = await ctx.startAnotherApp({ ownDataDir: store.sharedByMachines });

      const there = await other.inject({ url });
      expect(there.statusCode).toBe(200);
      expect(there.rawPayload).toEqual(here.rawPayload);
      for (const header of ['content-type', 'content-length', 'cache-control', 'etag', 'last-modified']) {
        expect(there.headers[header]).toBe(here.headers[header]);
      }
      const revalidated = await other.inject({
        url,
        headers: { 'if-none-match': String(here.headers.etag) },
      });
      expect(revalidated.statusCode).toBe(304);
    });
  });
});
