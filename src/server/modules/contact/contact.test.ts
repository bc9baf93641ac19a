import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages as texts } from '#shared/schemas/contact.ts';
import { SHOP_CONTACT } from '#shared/shop-contact.ts';
import { contactMessages } from '#server/db/schema.ts';
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
