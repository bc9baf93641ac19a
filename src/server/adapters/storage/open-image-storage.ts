import path from 'node:path';
import type { S3Settings } from '#server/config.ts';
import { LocalDiskStorage } from './local-disk.ts';
import { S3Storage } from './s3.ts';
import type { ImageStorage } from './storage.ts';

/** The store the configuration chooses: the S3 bucket when S3_BUCKET is set, else `DATA_DIR/uploads`. */
export async function openImageStorage(config: {
  s3: S3Settings | undefined;
  dataDir: string;
}): Promise<ImageStorage> {
  if (config.s3) return S3Storage.open(config.s3);
  return LocalDiskStorage.open(path.join(config.dataDir, 'uploads'));
}
