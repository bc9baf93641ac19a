import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ImageContent, ImageStorage } from '#server/adapters/storage/storage.ts';
import type { PeriodicTask } from '#server/periodic-task.ts';
import { HOUR, sweepUnusedImages, type ImageUser } from './image-sweep.ts';
import type { ImageWork } from './image-work.ts';

export { ImageWork } from './image-work.ts';

interface UploadsDeps {
  storage: ImageStorage;
  imageWork: ImageWork;
  /** The modules whose records show uploaded images. */
  usedBy: ImageUser[];
  /** An unused image is kept this many hours after its upload. */
  graceHours: number;
  log: FastifyBaseLogger;
}

/** Uploaded images: converted a few at a time, stored under random names, swept once nothing shows them. */
export class UploadsService {
  constructor(private readonly deps: UploadsDeps) {}

  /** Uploads read and waiting for their conversion to start. */
  get waiting(): number {
    return this.deps.imageWork.waiting;
  }

  /**
   * Reads `account`'s upload with `read` once it has a place in the queue, re-encodes it as WebP and stores it;
   * answers its URL and size. Refuses at once, before reading anything, when the queue is full or the account
   * has its uploads in already (ImageWork).
   */
  async upload(account: string, read: () => Promise<Buffer>): Promise<{ url: string; bytes: number }> {
    const { imageWork, storage } = this.deps;
    const webp = await imageWork.toWebp(account, read);
    const url = await storage.save(randomBytes(16).toString('base64url'), webp);
    return { url, bytes: webp.length };
  }

  /** The stored image `id`, opened for sending; undefined when there is none. */
  image(id: string): Promise<ImageContent | undefined> {
    return this.deps.storage.read(id);
  }

  /** The hourly deletion of stored images that nothing shows. */
  unusedImagesSweep(): PeriodicTask {
    const { storage, usedBy, graceHours, log } = this.deps;
    return {
      name: 'sweeping unused uploaded images',
      everyMs: HOUR,
      async run() {
        const removed = await sweepUnusedImages({ storage, usedBy, graceHours });
        if (removed > 0) log.info({ removed }, 'deleted unused uploaded images');
      },
    };
  }
}
