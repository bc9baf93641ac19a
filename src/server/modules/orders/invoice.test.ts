import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '#server/db/schema.ts';
import { createUser, type TestUser } from '#server/testing/accounts.ts';
import { readOutbox } from '#server/testing/outbox.ts';
import { anonymous, requestsAs } from '#server/testing/requests.ts';
import { createTestApp, type TestContext } from '#server/testing/test-app.ts';

let ctx: TestContext;
let buyer: TestUser;
let other: TestUser;
let admin: TestUser;
const as = requestsAs(() => ctx);

let payments = 0;

async function addOrder(
  paid: boolean,
  transactionId = `pi_test_${++payments}`,
  testPayment = false,
): Promise<string> {
  const [row] = await ctx.app.database.db
    .insert(orders)
    .values({
      userId: buyer.id,
      userName: buyer.name,
      email: buyer.email,
      productName: 'Torque Wrench 1/2-Inch, 40–210 N·m',
      img: '/images/tools/torque-wrench.svg',
      unitPriceCents: 11900,
      priceCents: 59500,
      quantity: 5,
      address: 'ul. Żelazna 12, 00-001 Warszawa',
      number: '+48 22 555 01 00',
      paid,
      transactionId: paid ? transactionId : null,
      testPayment,
      createdAt: new Date(Date.UTC(2026, 5, 1, 9)),
      paidAt: paid ? new Date(Date.UTC(2026, 5, 2, 10)) : null,
    })
    .returning({ id: orders.id });
  return row!.id;
}

/** The text of a PDF, its lines joined by spaces. */
async function pdfText(body: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(body)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

beforeAll(async () => {
  ctx = await createTestApp();
  [buyer, other, admin] = await Promise.all([
    createUser(ctx, { name: 'Zoë Łukasz-Ørsted' }),
    createUser(ctx, { name: 'Otto Other' }),
    createUser(ctx, { admin: true, name: 'Ada Admin' }),
  ]);
});
afterAll(() => ctx.close());

describe('GET /api/orders/{id}/invoice', () => {
  it("gives the buyer a PDF with the shop, the invoice's number and date, the buyer and the order", async () => {
    const id = await addOrder(true, 'pi_test_invoice123');
    const response = await as(buyer).get(`/api/orders/${id}/invoice`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const number = `FL-20260602-${id.slice(0, 8).toUpperCase()}`;
    expect(response.headers['content-disposition']).toBe(`attachment; filename="invoice-${number}.pdf"`);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const text = await pdfText(response.rawPayload);
    for (const expected of [
      'Forgeline Tools & Parts',
      '2100 Smallman Street, Unit 4',
      'Pittsburgh, PA 15222',
      'Invoice',
      `Invoice number: ${number}`,
      'Invoice date: June 2, 2026',
      'Zoë Łukasz-Ørsted',
      buyer.email,
      'ul. Żelazna 12, 00-001 Warszawa',
      '+48 22 555 01 00',
      'Torque Wrench 1/2-Inch, 40–210 N·m',
      '$119.00',
      '5 pcs',
      '$595.00',
      'Paid by card. Transaction id: pi_test_invoice123',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('no money was received');
  });

  it('says on the invoice of a test payment that no money was received', async () => {
    const id = await addOrder(true, 'pi_test_gateway1', true);
    const text = await pdfText((await as(buyer).get(`/api/orders/${id}/invoice`)).rawPayload);
    expect(text).toContain(
      'Test payment through the built-in test gateway: no money was received. Transaction id: pi_test_gateway1',
    );
    expect(text).not.toContain('Paid by card.');
  });

  it("gives an administrator any paid order's invoice, and nobody else", async () => {
    const id = await addOrder(true);
    expect((await as(admin).get(`/api/orders/${id}/invoice`)).statusCode).toBe(200);
    expect((await as(other).get(`/api/orders/${id}/invoice`)).statusCode).toBe(404);
    expect((await as(anonymous).get(`/api/orders/${id}/invoice`)).statusCode).toBe(401);
  });

  it('has no invoice for an unpaid order, or an unknown one', async () => {
    const unpaid = await as(buyer).get(`/api/orders/${await addOrder(false)}/invoice`);
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json()).toMatchObject({ message: 'The invoice is made once the order is paid.' });
    expect((await as(buyer).get('/api/orders/00000000-0000-4000-8000-000000000000/invoice')).statusCode).toBe(
      404,
    );
    expect((await as(buyer).get('/api/orders/not-an-id/invoice')).statusCode).toBe(404);
  });
});

describe('the paid-order mail', () => {
  it('links to the invoice', async () => {
    const [tool] = await ctx.app.tools.add([
      {
        name: 'Invoice Drill',
        priceCents: 1250,
        availableQuantity: 100,
        minOrderQuantity: 10,
        details: 'A drill',
        image: '/images/tools/cordless-drill.svg',
      },
    ]);
    const booked = await as(buyer).post('/api/order', {
      toolId: tool!.id,
      quantity: 10,
      address: '1 Main St',
      number: '555-0100',
    });
    const orderId = booked.json<{ insertedId: string }>().insertedId;
    const intent = await as(buyer).post('/api/create-payment-intent', { orderId });
    const { clientSecret } = intent.json<{ clientSecret: string }>();
    const confirmed = await as(buyer).post('/api/payments/test/confirm', {
      clientSecret,
      card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2034, cvc: '123' },
      billing: { name: buyer.name, email: buyer.email },
    });
    expect(confirmed.statusCode).toBe(200);
    const transactionId = clientSecret.split('_secret_')[0]!;
    expect((await as(buyer).patch(`/api/orderPay/${orderId}`, { transactionId })).json()).toEqual({
      modifiedCount: 1,
    });
    const receipt = async () =>
      (await readOutbox(ctx.config.mailOutboxDir)).find(
        (mail) => mail.subject === 'Payment receipt: Invoice Drill',
      );
    await expect.poll(receipt).toBeDefined();
    expect((await receipt())!.text).toContain(`${ctx.config.baseUrl}/api/orders/${orderId}/invoice`);
  });
});
