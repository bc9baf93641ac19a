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

/** Uploads one account may have in at once, so that one account alone cannot hold every place by sending slowly. */
export const UPLOADS_PER_ACCOUNT = 2;

/** Refused because the account already has UPLOADS_PER_ACCOUNT uploads in. */
export class OwnUploadsUnderWayError extends Unavailable {
  constructor() {
    super('You are already sending two images; please send this one again once they are done.', 5);
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
  readonly #byAccount = new Map<string, number>();

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
   * Reads `account`'s upload with `read` and converts it when its turn comes; throws at once, before reading
   * anything, when the queue is full (UploadQueueFullError) or the account has its uploads in already.
   */
  async toWebp(account: string, read: () => Promise<Buffer>): Promise<Buffer> {
    if (this.#uploads >= this.#places) throw new UploadQueueFullError();
    const own = this.#byAccount.get(account) ?? 0;
    if (own >= UPLOADS_PER_ACCOUNT) throw new OwnUploadsUnderWayError();
    this.#uploads += 1;
    this.#byAccount.set(account, own + 1);
    try {
      const input = await read();
      return await this.#conversions(() => this.convert(input));
    } finally {
      this.#uploads -= 1;
      const left = this.#byAccount.get(account)! - 1;
      if (left > 0) this.#byAccount.set(account, left);
      else this.#byAccount.delete(account);
    }
  }
}
