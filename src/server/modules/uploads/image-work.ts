import pLimit, { type LimitFunction } from 'p-limit';
import { Unavailable } from '#server/domain-errors.ts';
import { toWebp } from './image-conversion.ts';

export interface ImageWorkLimits {
  /** Images converted at the same time. */
  concurrency: number;
  /** Uploads that may wait for a conversion besides those being converted. */
  queueLimit: number;
}

/** Refused because the queue is full; the client should send the upload again later. */
export class UploadQueueFullError extends Unavailable {
  constructor() {
    super('The server is busy with other images; please send yours again in a few seconds.', 5);
  }
}

/**
 * Converts uploaded images a few at a time. An upload takes its place in the queue before its body is read,
 * so that at most `concurrency + queueLimit` uploads are held in memory at once.
 */
export class ImageWork {
  readonly #conversions: LimitFunction;
  readonly #places: number;
  #uploads = 0;

  constructor(
    { concurrency, queueLimit }: ImageWorkLimits,
    private readonly convert: (input: Buffer) => Promise<Buffer> = toWebp,
  ) {
    this.#conversions = pLimit(concurrency);
    this.#places = concurrency + queueLimit;
  }

  /** Uploads read and waiting for their conversion to start. */
  get waiting(): number {
    return this.#conversions.pendingCount;
  }

  /**
   * Reads an upload with `read` and converts it when its turn comes; throws UploadQueueFullError at once,
   * before reading anything, when the queue is full.
   */
  async toWebp(read: () => Promise<Buffer>): Promise<Buffer> {
    if (this.#uploads >= this.#places) throw new UploadQueueFullError();
    this.#uploads += 1;
    try {
      const input = await read();
      return await this.#conversions(() => this.convert(input));
    } finally {
      this.#uploads -= 1;
    }
  }
}
