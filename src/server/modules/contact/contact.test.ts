import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages as texts, type ContactInbox } from '#shared/schemas/contact.ts';
import { SHOP_CONTACT } from '#shared/shop-contact.ts';
import { contactMessages } from '#server/db/schema.ts';
import { createUser, type TestUser } from '#server/testing/accounts.ts';
import { readOutbox } from '#server/testing/outbox.ts';
import { createTestApp, type TestContext } from '#server/testing/test-app.ts';

const valid = {
  name: 'Carla Buyer',
  email: 'carla@example.com',
  message: 'Do you stock M12 hex bolts in A4?',
};
let addressCounter = 0;
const newAddress = () => `10.0.0.${++addressCounter}`;

async function storedMessages(ctx: TestContext) {
  const [row] = await ctx.app.database.db.select({ total: count() }).from(contactMessages);
  return row!.total;
}

function send(ctx: TestContext, payload: unknown, remoteAddress = newAddress()) {
  return ctx.app.inject({ method: 'POST', url: '/api/contact', payload: payload as object, remoteAddress });
}

describe('POST /api/contact', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ CONTACT_RATE_LIMIT: '2' });
  });
  afterAll(() => ctx.close());

  it('stores the message and mails it to the shop, with the sender as Reply-To', async () => {
    const response = await send(ctx, { ...valid, name: '  Carla Buyer ' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ insertedId: expect.any(String), message: texts.thanks });
    const [row] = await ctx.app.database.db.select().from(contactMessages);
    expect(row).toMatchObject({ id: response.json().insertedId, ...valid });
    const mail = (await readOutbox(ctx.config.mailOutboxDir)).at(-1)!;
    expect(mail.to).toBe(SHOP_CONTACT.email);
    expect(mail.subject).toBe('Get In Touch: message from Carla Buyer');
    expect(mail.text).toContain(valid.message);
    expect(mail.text).toContain('carla@example.com');
  });

  it.each([
    [{ ...valid, name: '' }, 'Name is required'],
    [{ ...valid, name: '   ' }, 'Name is required'],
    [{ ...valid, name: 'Carla\r\nBcc: all@example.com' }, 'The name must fit on one line'],
    [{ ...valid, name: 'x'.repeat(101) }, 'At most 100 characters'],
    [{ ...valid, email: '' }, 'Email is required'],
    [{ ...valid, email: 'carla@example' }, 'Please enter a valid Email'],
    [{ ...valid, message: '' }, 'Message is required'],
    [{ ...valid, message: 'Hi there' }, 'Minimum 10 character required'],
    [{ ...valid, message: 'x'.repeat(2001) }, 'At most 2000 characters'],
    [{ email: valid.email, message: valid.message }, 'Name is required'],
  ])('refuses %j with "%s" and stores nothing', async (payload, message) => {
    const before = await storedMessages(ctx);
    const response = await send(ctx, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', message });
    expect(await storedMessages(ctx)).toBe(before);
  });

  it('refuses a body that is not JSON', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400 });
  });

  it('accepts CONTACT_RATE_LIMIT messages per client per hour, then answers 429 without storing', async () => {
    const client = newAddress();
    expect((await send(ctx, valid, client)).statusCode).toBe(201);
    expect((await send(ctx, valid, client)).statusCode).toBe(201);
    const before = await storedMessages(ctx);
    const refused = await send(ctx, valid, client);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ statusCode: 429, message: texts.tooMany });
    expect(await storedMessages(ctx)).toBe(before);
    expect((await send(ctx, valid, newAddress())).statusCode).toBe(201);
  });
});

describe('POST /api/contact when the mail cannot be sent', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // Nothing listens on port 1: the SMTP connection is refused at once.
    ctx = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
  });
  afterAll(() => ctx.close());

  it('still thanks the visitor and keeps the message: the mail is queued and retried', async () => {
    const response = await send(ctx, valid);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ message: texts.thanks });
    expect(await storedMessages(ctx)).toBe(1);
  });
});

describe('the contact inbox (administrators)', () => {
  let ctx: TestContext;
  let admin: TestUser;
  let buyer: TestUser;
  beforeAll(async () => {
    ctx = await createTestApp();
    [admin, buyer] = await Promise.all([createUser(ctx, { admin: true }), createUser(ctx)]);
  });
  afterAll(() => ctx.close());

  const inbox = async (query = '') => {
    const response = await ctx.app.inject({ url: `/api/contact/messages${query}`, headers: admin.headers });
    expect(response.statusCode).toBe(200);
    return response.json<ContactInbox>();
  };
  const handle = (id: string, user = admin) =>
    ctx.app.inject({ method: 'PATCH', url: `/api/contact/messages/${id}`, headers: user.headers });

  it('lists the messages newest first, new ones marked, and marks one handled once', async () => {
    const sent: string[] = [];
    for (const name of ['Zoë Łukasz', 'Bruno Vise', 'Clara Clamp']) {
      sent.push((await send(ctx, { ...valid, name })).json<{ insertedId: string }>().insertedId);
    }
    const first = await inbox();
    expect(first).toMatchObject({ total: 3, unhandled: 3, page: 1, pageSize: 20 });
    expect(first.messages.map((message) => message.name)).toEqual([
      'Clara Clamp',
      'Bruno Vise',
      'Zoë Łukasz',
    ]);
    expect(first.messages[2]).toEqual({
      _id: sent[0],
      name: 'Zoë Łukasz',
      email: valid.email,
      message: valid.message,
      createdAt: expect.any(String),
      handledAt: null,
    });

    expect((await handle(sent[1]!)).json()).toEqual({ modifiedCount: 1 });
    expect((await handle(sent[1]!)).json()).toEqual({ modifiedCount: 0 });
    const after = await inbox();
    expect(after.unhandled).toBe(2);
    expect(after.messages.find((message) => message._id === sent[1])!.handledAt).toEqual(expect.any(String));
    expect((await inbox('?pageSize=2&page=2')).messages.map((message) => message._id)).toEqual([sent[0]]);
  });

  it('answers 0 for an unknown or malformed id, and refuses a bad page', async () => {
    expect((await handle('00000000-0000-4000-8000-000000000000')).json()).toEqual({ modifiedCount: 0 });
    expect((await handle('not-an-id')).json()).toEqual({ modifiedCount: 0 });
    const bad = await ctx.app.inject({ url: '/api/contact/messages?page=0', headers: admin.headers });
    expect(bad.statusCode).toBe(400);
  });

  it('is for administrators only: buyers get 403 and change nothing, visitors 401', async () => {
    const id = (await send(ctx, valid)).json<{ insertedId: string }>().insertedId;
    expect((await ctx.app.inject({ url: '/api/contact/messages', headers: buyer.headers })).statusCode).toBe(
      403,
    );
    expect((await ctx.app.inject({ url: '/api/contact/messages' })).statusCode).toBe(401);
    expect((await handle(id, buyer)).statusCode).toBe(403);
    const [row] = await ctx.app.database.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(row!.handledAt).toBeNull();
  });
});
