import { Readable } from 'node:stream';
import type * as S3Sdk from '@aws-sdk/client-s3';
import type { S3Settings } from '#server/config.ts';
import {
  IMAGE_CACHE_CONTROL,
  imageFileName,
  imageIdOf,
  imageUrl,
  type ImageContent,
  type ImageStorage,
  type StoredImage,
} from './storage.ts';

/** The SDK's module, imported when a bucket is opened. */
type Sdk = typeof S3Sdk;

export interface S3StorageOptions {
  /** Keys asked for per listing request (S3's own limit is 1000); the tests make pages small. */
  pageSize?: number;
}

/**
 * Images as objects `<prefix><id>.webp` in an S3-compatible bucket, which every server process reaches. The
 * bucket stays private: the processes read the images and serve them themselves. Credentials come from the
 * AWS SDK's standard chain (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, a profile, an instance role, …).
 */
export class S3Storage implements ImageStorage {
  private constructor(
    private readonly sdk: Sdk,
    private readonly client: S3Sdk.S3Client,
    private readonly bucket: string,
    private readonly prefix: string,
    private readonly pageSize: number,
  ) {}

  /** Connects and lists the bucket once, so that a wrong bucket, endpoint or credential stops the start. */
  static async open(settings: S3Settings, { pageSize = 1000 }: S3StorageOptions = {}): Promise<S3Storage> {
    // Imported here, not at the top: the server bundle would hoist that import and load the SDK (about 0.1 s)
    // in every process, those that keep images on the disk too.
    const sdk = await import('@aws-sdk/client-s3');
    const client = new sdk.S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      // A store that does not answer fails the request that waits for it, instead of holding it forever.
      requestHandler: { connectionTimeout: 5_000, socketTimeout: 30_000 },
    });
    const { bucket, prefix } = settings;
    try {
      await client.send(new sdk.ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, MaxKeys: 1 }));
    } catch (error) {
      client.destroy();
      const where = settings.endpoint ? ` at ${new URL(settings.endpoint).origin}` : '';
      throw new Error(
        `S3_BUCKET: the bucket "${bucket}"${where} cannot be listed (check S3_BUCKET, S3_REGION, S3_ENDPOINT, S3_FORCE_PATH_STYLE and the credentials)`,
        { cause: error },
      );
    }
    return new S3Storage(sdk, client, bucket, prefix, pageSize);
  }

  async save(id: string, webp: Buffer): Promise<string> {
    await this.client.send(
      new this.sdk.PutObjectCommand({
        Bucket: this.bucket,
        Key: this.keyOf(id),
        Body: webp,
        ContentType: 'image/webp',
        CacheControl: IMAGE_CACHE_CONTROL,
      }),
    );
    return imageUrl(id);
  }

  async *list(): AsyncIterable<StoredImage> {
    const pages = this.sdk.paginateListObjectsV2(
      { client: this.client, pageSize: this.pageSize },
      { Bucket: this.bucket, Prefix: this.prefix },
    );
    for await (const page of pages) {
      for (const { Key, LastModified } of page.Contents ?? []) {
        const id = Key === undefined ? undefined : imageIdOf(Key.slice(this.prefix.length));
        if (id !== undefined && LastModified) yield { id, url: imageUrl(id), storedAt: LastModified };
      }
    }
  }

  async read(id: string): Promise<ImageContent | undefined> {
    let object;
    try {
      object = await this.client.send(
        new this.sdk.GetObjectCommand({ Bucket: this.bucket, Key: this.keyOf(id) }),
      );
    } catch (error) {
      if (error instanceof this.sdk.NoSuchKey) return undefined;
      throw error;
    }
    const { Body, ContentLength, LastModified, ETag } = object;
    if (!(Body instanceof Readable) || ContentLength === undefined || !LastModified || !ETag) {
      if (Body instanceof Readable) Body.destroy();
      throw new Error(`The bucket answered ${this.keyOf(id)} without its body, length, time or entity tag`);
    }
    return { body: Body, bytes: ContentLength, storedAt: LastModified, etag: ETag };
  }

  async remove(id: string): Promise<void> {
    await this.client.send(new this.sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: this.keyOf(id) }));
  }

  close(): void {
    this.client.destroy();
  }

  private keyOf(id: string): string {
    return this.prefix + imageFileName(id);
  }
}
