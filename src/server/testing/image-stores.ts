import { readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '#server/config.ts';
import { S3StandIn } from './s3-stand-in.ts';

/** A store the shop can keep its images in, as a test sets it up and looks into it behind the shop's back. */
export interface ImageStoreUnderTest {
  /** The settings that choose it, for createTestApp. */
  env: Record<string, string>;
  /** Whether server processes on other machines (another DATA_DIR) reach the same images. */
  sharedByMachines: boolean;
  /** The names of everything kept where the images are (the uploads folder; the bucket's prefix), sorted. */
  contents(config: Config): Promise<string[]>;
  /** Keeps `content` as `name` where the images are, as an older version or another program could have. */
  put(config: Config, name: string, content: Buffer | string): Promise<void>;
  /** Makes what is kept as `name` look stored at `at`. */
  setStoredAt(config: Config, name: string, at: Date): Promise<void>;
  stop(): Promise<void>;
}

const uploadsDir = (config: Config) => path.join(config.dataDir, 'uploads');

const localDisk: ImageStoreUnderTest = {
  env: {},
  sharedByMachines: false,
  contents: async (config) => (await readdir(uploadsDir(config))).sort(),
  put: (config, name, content) => writeFile(path.join(uploadsDir(config), name), content),
  setStoredAt: (config, name, at) => utimes(path.join(uploadsDir(config), name), at, at),
  stop: async () => {},
};

async function s3(): Promise<ImageStoreUnderTest> {
  const standIn = await S3StandIn.start();
  const prefixOf = (config: Config) => config.s3?.prefix ?? '';
  return {
    env: standIn.env(),
    sharedByMachines: true,
    contents: async (config) =>
      (await standIn.keys(prefixOf(config))).map((key) => key.slice(prefixOf(config).length)),
    put: (config, name, content) => standIn.put(prefixOf(config) + name, content),
    setStoredAt: (config, name, at) => standIn.setStoredAt(prefixOf(config) + name, at),
    stop: () => standIn.stop(),
  };
}

/** Every image store, for `describe.each`: the tests of what depends on the store run on each. */
export const IMAGE_STORES = [
  { name: 'the local disk', start: async () => localDisk },
  { name: 'an S3 bucket', start: s3 },
];
