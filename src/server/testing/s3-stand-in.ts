import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, utimes } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import {
  CreateBucketCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  PutObjectCommand,
  S3Client,
  type HeadObjectCommandOutput,
} from '@aws-sdk/client-s3';

/** s3rver accepts requests signed with this key pair only. */
const CREDENTIALS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' };
const S3RVER_CLI = createRequire(import.meta.url).resolve('s3rver/bin/s3rver.js');

/**
 * A local S3 server (s3rver, from npm) in its own process on a free port of 127.0.0.1, keeping its objects in a
 * temporary folder, with one bucket created through the SDK. s3rver makes the continuation tokens of paged
 * listings with DES, which Node 20's OpenSSL 3 keeps in its legacy provider: the process is started with it.
 */
export class S3StandIn {
  readonly bucket = 'shop-images';
  /** A client of the stand-in for the tests' own looks into the bucket. */
  readonly client: S3Client;

  private constructor(
    private readonly child: ChildProcess,
    private readonly dir: string,
    readonly endpoint: string,
  ) {
    this.client = new S3Client({
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      credentials: {
        accessKeyId: CREDENTIALS.AWS_ACCESS_KEY_ID,
        secretAccessKey: CREDENTIALS.AWS_SECRET_ACCESS_KEY,
      },
    });
  }

  /**
   * Starts the server and creates the bucket. The shop reads credentials through the SDK's standard chain: this
   * process's environment gets the stand-in's key pair until stop().
   */
  static async start(): Promise<S3StandIn> {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'shop-s3-'));
    const child = spawn(
      process.execPath,
      [
        '--openssl-legacy-provider',
        S3RVER_CLI,
        '--directory',
        dir,
        '--address',
        '127.0.0.1',
        '--port',
        '0',
        '--silent',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    const port = await new Promise<string>((resolve, reject) => {
      const collect = (chunk: Buffer) => {
        output += chunk.toString();
        const listening = /S3rver listening on 127\.0\.0\.1:(\d+)/.exec(output);
        if (listening) resolve(listening[1]!);
      };
      child.stdout.on('data', collect);
      child.stderr.on('data', collect);
      child.once('exit', (code) => reject(new Error(`s3rver exited with code ${code}:\n${output}`)));
    });
    const standIn = new S3StandIn(child, dir, `http://127.0.0.1:${port}`);
    await standIn.client.send(new CreateBucketCommand({ Bucket: standIn.bucket }));
    standIn.previousCredentials = Object.fromEntries(
      Object.keys(CREDENTIALS).map((key) => [key, process.env[key]]),
    );
    Object.assign(process.env, CREDENTIALS);
    return standIn;
  }

  private previousCredentials: Record<string, string | undefined> = {};

  /** The shop's settings for the bucket; `prefix` when not the default. Credentials included, for a child process. */
  env(prefix?: string): Record<string, string> {
    return {
      S3_BUCKET: this.bucket,
      S3_ENDPOINT: this.endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      ...(prefix === undefined ? {} : { S3_PREFIX: prefix }),
      ...CREDENTIALS,
    };
  }

  /** Every key in the bucket, sorted. */
  async keys(prefix = ''): Promise<string[]> {
    const keys: string[] = [];
    for await (const page of paginateListObjectsV2(
      { client: this.client },
      { Bucket: this.bucket, Prefix: prefix },
    )) {
      for (const object of page.Contents ?? []) keys.push(object.Key!);
    }
    return keys.sort();
  }

  async put(key: string, body: Buffer | string): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body }));
  }

  async head(key: string): Promise<HeadObjectCommandOutput> {
    return this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /** Makes the object look stored at `at`: s3rver answers its file's modification time as LastModified. */
  async setStoredAt(key: string, at: Date): Promise<void> {
    const parts = key.split('/');
    const file = path.join(this.dir, this.bucket, ...parts.slice(0, -1), `${parts.at(-1)}._S3rver_object`);
    await utimes(file, at, at);
  }

  async stop(): Promise<void> {
    for (const [key, value] of Object.entries(this.previousCredentials)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    this.client.destroy();
    if (this.child.exitCode === null && this.child.signalCode === null) {
      const exited = once(this.child, 'exit');
      this.child.kill();
      await exited;
    }
    await rm(this.dir, { recursive: true, force: true });
  }
}
