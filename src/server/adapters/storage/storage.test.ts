import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { S3Settings } from '#server/config.ts';
import { describeFailure } from '#server/failure-cause.ts';
import { fileFlushesDuring } from '#server/testing/file-flushes.ts';
import { S3StandIn } from '#server/testing/s3-stand-in.ts';
import { LocalDiskStorage } from './local-disk.ts';
import { S3Storage } from './s3.ts';
import type { ImageStorage, StoredImage } from './storage.ts';

interface StorageUnderTest {
  storage: ImageStorage;
  /** Keeps files or objects beside the images that are no image of ours. */
  keepOthers(): Promise<void>;
  stop(): Promise<void>;
}

async function onLocalDisk(): Promise<StorageUnderTest> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'shop-images-'));
  return {
    storage: await LocalDiskStorage.open(dir),
    async keepOthers() {
      await writeFile(path.join(dir, 'notes.txt'), 'not an image');
      await writeFile(path.join(dir, '.unfinished.tmp'), 'partial');
      await mkdir(path.join(dir, 'folder.webp'));
    },
    stop: () => rm(dir, { recursive: true, force: true }),
  };
}

const PREFIX = 'shop/images/';

/** Settings for the stand-in's bucket, as loadConfig makes them. */
const settingsOf = (standIn: S3StandIn, changes: Partial<S3Settings> = {}): S3Settings => ({
  bucket: standIn.bucket,
  region: 'us-east-1',
  endpoint: standIn.endpoint,
  forcePathStyle: true,
  prefix: PREFIX,
  ...changes,
});

async function inS3Bucket(): Promise<StorageUnderTest> {
  const standIn = await S3StandIn.start();
  // Pages of two keys, so that listing a few images already takes several requests.
  const storage = await S3Storage.open(settingsOf(standIn), { pageSize: 2 });
  return {
    storage,
    async keepOthers() {
      for (const key of [`${PREFIX}notes.txt`, `${PREFIX}folder/inside.webp`, 'elsewhere/other.webp']) {
        await standIn.put(key, 'not an image of ours');
      }
    },
    async stop() {
      storage.close();
      await standIn.stop();
    },
  };
}

const webp = (text: string) => Buffer.from(`RIFF${text}WEBP`);

async function listed(storage: ImageStorage): Promise<StoredImage[]> {
  const images: StoredImage[] = [];
  for await (const image of storage.list()) images.push(image);
  return images.sort((a, b) => a.id.localeCompare(b.id));
}

describe.each([
  { name: 'the local disk', open: onLocalDisk },
  { name: 'an S3 bucket', open: inS3Bucket },
])('image storage on $name', ({ open }) => {
  let subject: StorageUnderTest;
  let storage: ImageStorage;
  beforeAll(async () => {
    subject = await open();
    storage = subject.storage;
  });
  afterAll(() => subject.stop());

  it('saves an image under its id and reads it back with its size, time and entity tag', async () => {
    const before = Date.now();
    expect(await storage.save('first_image-1', webp('first'))).toBe('/uploads/first_image-1.webp');

    const image = await storage.read('first_image-1');
    expect(image).toBeDefined();
    expect(await buffer(image!.body)).toEqual(webp('first'));
    expect(image!.bytes).toBe(webp('first').length);
    // Stores keep times to the second.
    expect(image!.storedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(image!.storedAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    expect(image!.etag).toMatch(/^(W\/)?"[^"]+"$/);
    const again = await storage.read('first_image-1');
    again!.body.destroy();
    expect(again!.etag).toBe(image!.etag);
  });

  it('answers undefined for an image it does not hold', async () => {
    expect(await storage.read('never-stored')).toBeUndefined();
  });

  it('lists every image, page after page, with its URL and time, and nothing else it holds', async () => {
    await subject.keepOthers();
    const ids = ['a1', 'b2', 'c3', 'd4', 'e5'];
    for (const id of ids) await storage.save(id, webp(id));

    const images = await listed(storage);
    expect(images.map((image) => image.id)).toEqual([...ids, 'first_image-1']);
    for (const image of images) {
      expect(image.url).toBe(`/uploads/${image.id}.webp`);
      expect(image.storedAt).toBeInstanceOf(Date);
      expect(Math.abs(image.storedAt.getTime() - Date.now())).toBeLessThan(60_000);
    }
  });

  it('removes an image, and removing one that is gone is no error', async () => {
    await storage.remove('c3');
    expect(await storage.read('c3')).toBeUndefined();
    expect((await listed(storage)).map((image) => image.id)).not.toContain('c3');
    await storage.remove('c3');
    await storage.remove('never-stored');
  });

  it('refuses an id that could name anything but one of its images', async () => {
    for (const id of ['../secret', 'a/b', '', 'x.webp']) {
      await expect(storage.save(id, webp('x'))).rejects.toThrow(/Invalid image id/);
      await expect(storage.read(id)).rejects.toThrow(/Invalid image id/);
      await expect(storage.remove(id)).rejects.toThrow(/Invalid image id/);
    }
  });
});

describe('image storage on the local disk, after a crash', () => {
  it('has the image and its name on the disk before it answers a save', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'shop-images-'));
    const storage = await LocalDiskStorage.open(dir);
    try {
      const flushed = await fileFlushesDuring(() => storage.save('flushed', webp('an image')).then(() => {}));
      const image = flushed.find(({ file }) => file.startsWith(path.join(dir, '.flushed.')));
      expect(image).toEqual({ file: expect.stringMatching(/\.tmp$/), bytes: 'RIFFan imageWEBP'.length });
      // The folder after the image, once the image has its name in it.
      expect(flushed.at(-1)!.file).toBe(dir);
      expect(await readdir(dir)).toEqual(['flushed.webp']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('removes the temporary files of saves a crash cut short, once older than any save takes, and nothing else', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'shop-images-'));
    try {
      const now = new Date('2026-11-27T12:00:00Z');
      const before = await LocalDiskStorage.open(dir, now);
      await before.save('kept', webp('an image'));
      const twoHoursAgo = new Date(now.getTime() - 2 * 60 * 60 * 1000);
      for (const name of ['.cut-short.1a2b3c.tmp', '.being-saved.4d5e6f.tmp', 'notes.tmp', '.profile']) {
        await writeFile(path.join(dir, name), 'partial');
        if (name !== '.being-saved.4d5e6f.tmp') await utimes(path.join(dir, name), twoHoursAgo, twoHoursAgo);
      }
      const reopened = await LocalDiskStorage.open(dir, now);
      expect((await readdir(dir)).sort()).toEqual([
        '.being-saved.4d5e6f.tmp',
        '.profile',
        'kept.webp',
        'notes.tmp',
      ]);
      expect((await buffer((await reopened.read('kept'))!.body)).toString()).toBe('RIFFan imageWEBP');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('image storage in an S3 bucket', () => {
  let standIn: S3StandIn;
  beforeAll(async () => {
    standIn = await S3StandIn.start();
  });
  afterAll(() => standIn.stop());

  it('stores each image as a WebP object under the prefix that caches may keep for a year', async () => {
    const storage = await S3Storage.open(settingsOf(standIn));
    await storage.save('cached', webp('cached'));
    storage.close();

    expect(await standIn.keys()).toEqual([`${PREFIX}cached.webp`]);
    expect(await standIn.head(`${PREFIX}cached.webp`)).toMatchObject({
      ContentType: 'image/webp',
      CacheControl: 'public, max-age=31536000, immutable',
    });
  });

  it("keeps images at the bucket's top level without a prefix, and lists only those", async () => {
    const storage = await S3Storage.open(settingsOf(standIn, { prefix: '' }));
    await storage.save('top', webp('top'));

    expect((await listed(storage)).map((image) => image.id)).toEqual(['top']);
    expect(await standIn.keys()).toContain('top.webp');
    storage.close();
  });

  it('refuses to open a bucket that does not exist or cannot be reached, naming the setting', async () => {
    const missing = S3Storage.open(settingsOf(standIn, { bucket: 'no-such-bucket' }));
    await expect(missing).rejects.toThrow(
      /^S3_BUCKET: the bucket "no-such-bucket" at http:\/\/127\.0\.0\.1:\d+/,
    );
    expect(describeFailure(await missing.catch((error: unknown) => error))).toMatch(
      /cannot be listed.*: The specified bucket does not exist/,
    );

    const unreachable = S3Storage.open(settingsOf(standIn, { endpoint: 'http://127.0.0.1:1' }));
    expect(describeFailure(await unreachable.catch((error: unknown) => error))).toMatch(
      /^S3_BUCKET: the bucket "shop-images" at http:\/\/127\.0\.0\.1:1 cannot be listed .*ECONNREFUSED/,
    );
  });
});
