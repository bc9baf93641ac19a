import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UndeliverableMail } from '#shared/schemas/mail.ts';
import { contactMessages, pendingMails, undeliverableMails } from '#server/db/schema.ts';
import { createUser, type TestUser } from '#server/testing/accounts.ts';
import { SmtpPeer } from '#server/testing/smtp-peer.ts';
import { createTestApp, type TestContext } from '#server/testing/test-app.ts';
import { addTestTool } from '#server/testing/tools.ts';

const smtp = new SmtpPeer();
let ctx: TestContext;
let admin: TestUser;
let toolId: string;
let addresses = 0;

beforeAll(async () => {
  ctx = await createTestApp({
    SMTP_URL: await smtp.start(),
    MAIL_RETRY_LIMIT: '2',
    MAIL_RETRY_DELAY_SECONDS: '1',
  });
  admin = await createUser(ctx, { admin: true, name: 'Ada Admin' });
  toolId = (await addTestTool(ctx.app)).id;
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

function contact(name: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/contact',
    remoteAddress: `203.0.113.${++addresses}`,
    payload: { name, email: 'carla@example.com', message: 'Do you stock M12 hex bolts?' },
  });
}
const subjectOf = (name: string) => `Get In Touch: message from ${name}`;
const undeliverable = async () =>
  (await ctx.app.inject({ url: '/api/mail/undeliverable', headers: admin.headers })).json<
    UndeliverableMail[]
  >();

describe('mail goes out from the database, with retries', () => {
  it('delivers a mail written while the mail server was down once it is back, exactly once', async () => {
    smtp.refusing = true;
    const refusedBefore = smtp.refused;
    const response = await contact('Down Time');
    expect(response.statusCode).toBe(201);
    await expect.poll(() => smtp.refused, { timeout: 10_000 }).toBeGreaterThan(refusedBefore);

    smtp.refusing = false;
    await expect
      .poll(() => smtp.to(ctx.config.contactEmail, subjectOf('Down Time')).length, { timeout: 15_000 })
      .toBe(1);
    // No second copy follows.
    const received = smtp.received.length;
    await contact('Marker');
    await expect
      .poll(() => smtp.to(ctx.config.contactEmail, subjectOf('Marker')).length, { timeout: 10_000 })
      .toBe(1);
    expect(smtp.received.length).toBe(received + 1);
  });

  it('keeps a mail that fails every retry for the administrators, who can send it again', async () => {
    smtp.refusing = true;
    await contact('Never Delivered');
    await expect
      .poll(
        async () => (await undeliverable()).find((mail) => mail.subject === subjectOf('Never Delivered')),
        {
          timeout: 20_000,
        },
      )
      .toMatchObject({
        to: ctx.config.contactEmail,
        attempts: 3,
        error: expect.stringContaining('temporarily'),
      });

    smtp.refusing = false;
    const [mail] = (await undeliverable()).filter((row) => row.subject === subjectOf('Never Delivered'));
    const resend = await ctx.app.inject({
      method: 'POST',
      url: `/api/mail/undeliverable/${mail!._id}/resend`,
      headers: admin.headers,
    });
    expect(resend.json()).toEqual({ resentCount: 1 });
    await expect
      .poll(() => smtp.to(ctx.config.contactEmail, subjectOf('Never Delivered')).length, { timeout: 10_000 })
      .toBe(1);
    expect((await undeliverable()).some((row) => row._id === mail!._id)).toBe(false);
  });

  it('lets an administrator drop an undeliverable mail', async () => {
    const [row] = await ctx.app.database.db
      .insert(undeliverableMails)
      .values({
        recipient: 'gone@example.com',
        subject: 'Old news',
        message: { to: 'gone@example.com', subject: 'Old news', text: 'x' },
        error: 'Mailbox does not exist',
        attempts: 3,
      })
      .returning();
    const dropped = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/mail/undeliverable/${row!.id}`,
      headers: admin.headers,
    });
    expect(dropped.json()).toEqual({ deletedCount: 1 });
    expect((await undeliverable()).some((mail) => mail._id === row!.id)).toBe(false);
  });

  it('sends no mail for a change that did not happen', async () => {
    const buyer = await createUser(ctx, { name: 'No Stock' });
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: buyer.headers,
      payload: { toolId, quantity: 1_000_000, address: '1 Main St', number: '5' },
    });
    expect(refused.statusCode).toBe(400);
    // A later mail arrives; the refused order's confirmation never does.
    await contact('After The Refusal');
    await expect
      .poll(() => smtp.to(ctx.config.contactEmail, subjectOf('After The Refusal')).length, {
        timeout: 10_000,
      })
      .toBe(1);
    expect(
      smtp.received.some(
        (mail) => JSON.stringify(mail.to).includes(buyer.email) && mail.subject?.startsWith('Order'),
      ),
    ).toBe(false);
  });

  it('delivers a mail left pending by a process that stopped before queueing it, once, when one starts', async () => {
    const left = { to: 'left@example.com', subject: 'Left pending', text: 'Written, committed, not queued.' };
    await ctx.app.database.db.insert(pendingMails).values({ message: left });
    await ctx.startAnotherApp();
    await expect.poll(() => smtp.to(left.to, left.subject).length, { timeout: 10_000 }).toBe(1);
    expect(await ctx.app.database.db.select().from(pendingMails)).toEqual([]);
  });

  it('queues a burst of mails in batches, each delivered once', async () => {
    const burst = Array.from({ length: 250 }, (_, n) => ({
      to: `burst${n}@example.com`,
      subject: 'Burst',
      text: `Mail ${n} of a burst.`,
    }));
    await ctx.app.database.db.insert(pendingMails).values(burst.map((message) => ({ message })));
    await ctx.startAnotherApp();
    await expect
      .poll(() => smtp.received.filter((mail) => mail.subject === 'Burst').length, {
        timeout: 30_000,
      })
      .toBe(burst.length);
    expect(burst.every((message) => smtp.to(message.to, 'Burst').length === 1)).toBe(true);
    expect(await ctx.app.database.db.select().from(pendingMails)).toEqual([]);
  });

  it('delivers each mail once when several server processes work the queue', async () => {
    const other = await ctx.startAnotherApp();
    const names = Array.from({ length: 12 }, (_, n) => `Busy Monday ${n}`);
    await Promise.all(
      names.map((name, n) =>
        (n % 2 === 0 ? ctx.app : other).inject({
          method: 'POST',
          url: '/api/contact',
          remoteAddress: `198.51.100.${n + 1}`,
          payload: { name, email: 'carla@example.com', message: 'Do you stock M12 hex bolts?' },
        }),
      ),
    );
    for (const name of names) {
      await expect
        .poll(() => smtp.to(ctx.config.contactEmail, subjectOf(name)).length, { timeout: 10_000 })
        .toBe(1);
    }
    const [stored] = await ctx.app.database.db.select({ n: count() }).from(contactMessages);
    expect(stored!.n).toBeGreaterThanOrEqual(names.length);
  });
});

describe('a slow mail server', () => {
  const slowPeer = new SmtpPeer();
  let single: TestContext;

  beforeAll(async () => {
    single = await createTestApp({ SMTP_URL: await slowPeer.start() });
  });
  afterAll(async () => {
    slowPeer.release();
    await single.close();
    await slowPeer.close();
  });

  // One process works the queue here: with several, each takes part of the queue and more are held at once.
  it('gets up to four mails at once from one process, so that it does not hold the whole queue', async () => {
    slowPeer.holding = true;
    const slow = Array.from({ length: 6 }, (_, n) => ({
      to: `slow${n}@example.com`,
      subject: 'Slow server',
      text: `Mail ${n} to a slow server.`,
    }));
    // The first process stops (its database stays open), the mails are left pending, and another starts.
    await single.stopApp(single.app);
    await single.app.database.db.insert(pendingMails).values(slow.map((message) => ({ message })));
    await single.startAnotherApp();
    await expect.poll(() => slowPeer.held, { timeout: 10_000 }).toBe(4);
    slowPeer.release();
    await expect
      .poll(() => slowPeer.received.filter((mail) => mail.subject === 'Slow server').length, {
        timeout: 10_000,
      })
      .toBe(slow.length);
    expect(slow.every((message) => slowPeer.to(message.to, 'Slow server').length === 1)).toBe(true);
    expect(slowPeer.mostHeld).toBe(4);
  });
});
