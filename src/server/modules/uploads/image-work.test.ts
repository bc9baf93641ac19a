import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp, type App } from '#server/app.ts';
import { createUser, type TestUser } from '#server/testing/accounts.ts';
import { uploadJpeg } from '#server/testing/multipart.ts';
import { createTestApp, type TestContext } from '#server/testing/test-app.ts';
import { toWebp } from './image-conversion.ts';
import { ImageWork, UPLOADS_PER_ACCOUNT } from './image-work.ts';

/** Image conversions that wait until the test lets them go, counting how many run at the same time. */
class HeldConversions {
  running = 0;
  mostAtOnce = 0;
  #holding = true;
  #held: Array<() => void> = [];

  convert = async (input: Buffer) => {
    this.running += 1;
    this.mostAtOnce = Math.max(this.mostAtOnce, this.running);
    try {
      if (this.#holding) await new Promise<void>((resolve) => this.#held.push(resolve));
      return await toWebp(input);
    } finally {
      this.running -= 1;
    }
  };

  /** Lets every conversion run, those held and those to come. */
  releaseAll() {
    this.#holding = false;
    for (const finish of this.#held.splice(0)) finish();
  }
}

const CONCURRENCY = 2;
const QUEUE_LIMIT = 3;

let ctx: TestContext;
/** Enough accounts to fill the queue, each with its own UPLOADS_PER_ACCOUNT uploads at most. */
let buyers: TestUser[];
let jpeg: Buffer;
let conversions: HeldConversions;
let imageWork: ImageWork;
/** A second server process on the same database and uploads folder, whose conversions the test holds. */
let app: App;

beforeAll(async () => {
  ctx = await createTestApp();
  buyers = await Promise.all(
    Array.from({ length: Math.ceil((CONCURRENCY + QUEUE_LIMIT) / UPLOADS_PER_ACCOUNT) }, () =>
      createUser(ctx),
    ),
  );
  jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#0ea5e9' } })
    .jpeg()
    .toBuffer();
});
afterAll(() => ctx.close());

beforeEach(async () => {
  conversions = new HeldConversions();
  imageWork = new ImageWork({ concurrency: CONCURRENCY, queueLimit: QUEUE_LIMIT }, conversions.convert);
  app = await buildApp(ctx.config, {
    database: await ctx.testDatabase.open(),
    clientDir: path.join(ctx.config.dataDir, 'no-client'),
    imageWork,
  });
});
afterEach(async () => {
  conversions.releaseAll();
  await app.close();
});

const stored = async () => (await readdir(path.join(ctx.config.dataDir, 'uploads'))).sort();
const upload = (buyer = buyers[0]!) => uploadJpeg(app, buyer.headers, jpeg);
const urlOf = (response: Awaited<ReturnType<typeof upload>>) =>
  response.json<{ data: { url: string } }>().data.url;

/** A refusal to be sent again later: 503 with Retry-After and `message`. */
function expectBusy(response: Awaited<ReturnType<typeof upload>>, message: string) {
  expect(response.statusCode).toBe(503);
  expect(response.headers['retry-after']).toMatch(/^[1-9]\d*$/);
  expect(response.json()).toEqual({ success: false, message });
}

/** Sends as many uploads as may be in at once and waits until the first ones convert and the rest wait. */
async function fillTheQueue() {
  const uploads = Array.from({ length: CONCURRENCY + QUEUE_LIMIT }, (_, i) =>
    upload(buyers[Math.floor(i / UPLOADS_PER_ACCOUNT)]),
  );
  await vi.waitFor(() =>
    expect({ converting: conversions.running, waiting: imageWork.waiting }).toEqual({
      converting: CONCURRENCY,
      waiting: QUEUE_LIMIT,
    }),
  );
  return uploads;
}

describe('image work on POST /api/uploads', () => {
  it('converts at most the configured number of images at a time; the others wait their turn', async () => {
    const before = await stored();
    const uploads = await fillTheQueue();
    conversions.releaseAll();
    const answers = await Promise.all(uploads);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(conversions.mostAtOnce).toBe(CONCURRENCY);
    const urls = answers.map((answer) => path.basename(urlOf(answer)));
    expect(await stored()).toEqual([...before, ...urls].sort());
  });

  it('answers 503 with Retry-After and stores nothing when too many uploads already wait', async () => {
    const before = await stored();
    const waiting = await fillTheQueue();

    expectBusy(
      await upload(),
      'The server is busy with other images; please send yours again in a few seconds.',
    );

    conversions.releaseAll();
    const answers = await Promise.all(waiting);
    const urls = answers.map((answer) => path.basename(urlOf(answer)));
    expect(await stored()).toEqual([...before, ...urls].sort());
  });

  it('lets one account have two uploads in at once, so that slow uploads from one account cannot hold every place', async () => {
    const before = await stored();
    const first = [upload(), upload()];
    await vi.waitFor(() => expect(conversions.running).toBe(CONCURRENCY));
    expectBusy(
      await upload(),
      'You are already sending two images; please send this one again once they are done.',
    );
    const another = upload(buyers[1]);
    await vi.waitFor(() => expect(imageWork.waiting).toBe(1));
    conversions.releaseAll();
    const answers = await Promise.all([...first, another]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect((await upload()).statusCode).toBe(200);
    expect((await stored()).length).toBe(before.length + 4);
  });
});
