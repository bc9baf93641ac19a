import { getDefaultNormalizer, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, signedIn, stubApi } from '#client/testing/api-stub.ts';
import { angleGrinder } from '#client/testing/fixtures.ts';
import { renderScreen } from '#client/testing/render-screen.tsx';
import { PurchasePanel } from './purchase-panel.tsx';

const showPanel = () => renderScreen(<PurchasePanel tool={angleGrinder} />, { url: '/parts/tool-1' });
/** The spec's texts keep their double spaces: compare them as they are. */
const asWritten = { normalizer: getDefaultNormalizer({ collapseWhitespace: false }) };

describe('the quantity form', () => {
  it('answers each wrong quantity with the spec toast, addressed to the buyer, and empties the field', async () => {
    stubApi({ 'GET /api/auth/get-session': signedIn({ name: 'Carla Reyes' }) });
    const { user } = showPanel();
    expect(await screen.findByDisplayValue('Carla Reyes')).toBeTruthy();
    const quantity = screen.getByRole<HTMLInputElement>('spinbutton', { name: 'Quantity' });
    const setQuantity = screen.getByRole('button', { name: 'Set quantity' });

    await user.click(setQuantity);
    expect(await screen.findByText('Give the quantity value')).toBeTruthy();

    await user.type(quantity, '9');
    await user.click(setQuantity);
    expect(
      await screen.findByText('Sorry Carla Reyes !!You have to order Minimum  quantity  10', asWritten),
    ).toBeTruthy();
    expect(quantity.value).toBe('');

    await user.type(quantity, '501');
    await user.click(setQuantity);
    expect(
      await screen.findByText('Sorry Carla Reyes !! We dont have enough quantity', asWritten),
    ).toBeTruthy();
  });

  it('starts at the minimum and takes a quantity in range', async () => {
    stubApi({ 'GET /api/auth/get-session': signedIn() });
    const { user } = showPanel();
    expect(screen.getByLabelText<HTMLInputElement>('Order quantity').value).toBe('10');
    await user.type(screen.getByRole('spinbutton', { name: 'Quantity' }), '12');
    await user.click(screen.getByRole('button', { name: 'Set quantity' }));
    expect(await screen.findByDisplayValue('$150.00')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Order quantity').value).toBe('12');
  });
});

describe('the purchase form', () => {
  it('requires the address and the number, the address of at least 2 characters', async () => {
    stubApi({ 'GET /api/auth/get-session': signedIn() });
    const { user } = showPanel();
    await user.click(screen.getByRole('button', { name: 'Purchase' }));
    expect(await screen.findByText('Address is required')).toBeTruthy();
    expect(await screen.findByText('Number is required')).toBeTruthy();
    await user.type(screen.getByLabelText('Address'), 'x');
    expect(await screen.findByText('Minimum 2 character required')).toBeTruthy();
  });

  it('books the order, says so and starts again', async () => {
    const sent = stubApi({
      'GET /api/auth/get-session': signedIn(),
      'POST /api/order': { body: { insertedId: 'order-1' } },
    });
    const { user } = showPanel();
    await user.type(screen.getByLabelText('Address'), '7 Foundry Lane');
    await user.type(screen.getByLabelText('Contact number'), '555 0199');
    await user.click(screen.getByRole('button', { name: 'Purchase' }));
    expect(await screen.findByText('Your order is booked')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Address').value).toBe('');
    expect(sent.find((request) => request.method === 'POST')?.body).toEqual({
      toolId: 'tool-1',
      quantity: 10,
      // The total the form shows, 10 × $12.50: the server books no order above it (decision 25).
      price: 125,
      address: '7 Foundry Lane',
      number: '555 0199',
    });
  });

  it('sends a purchase tried again after a lost answer with the same key, and each new purchase with a new one', async () => {
    const answers = [
      () => {
        throw new TypeError('Failed to fetch');
      },
      () => ({ body: { insertedId: 'order-1' } }),
      () => apiError(409, 'You already have 5 unpaid orders.'),
      () => ({ body: { insertedId: 'order-2' } }),
    ];
    const sent = stubApi({
      'GET /api/auth/get-session': signedIn(),
      'POST /api/order': () => answers.shift()!(),
    });
    const { user } = showPanel();
    const purchase = async (expected: string) => {
      if (!screen.getByLabelText<HTMLInputElement>('Address').value) {
        await user.type(screen.getByLabelText('Address'), '7 Foundry Lane');
        await user.type(screen.getByLabelText('Contact number'), '555 0199');
      }
      // Toasts stay a while: the answer is the one more toast with its text.
      const shown = screen.queryAllByText(expected).length;
      await user.click(screen.getByRole('button', { name: 'Purchase' }));
      await waitFor(() => expect(screen.queryAllByText(expected)).toHaveLength(shown + 1));
    };
    await purchase('We could not reach the shop: check your connection and try again');
    await purchase('Your order is booked');
    await purchase('You already have 5 unpaid orders.');
    await purchase('Your order is booked');

    const keys = sent
      .filter((request) => request.method === 'POST')
      .map((request) => request.headers.get('idempotency-key'));
    expect(keys).toHaveLength(4);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
    // The lost answer's purchase is sent again as the same; the shop's answers end a purchase.
    expect(keys[1]).toBe(keys[0]);
    expect(new Set(keys.slice(1)).size).toBe(3);
  });

  it("shows the server's refusal as a toast", async () => {
    stubApi({
      'GET /api/auth/get-session': signedIn(),
      'POST /api/order': apiError(409, 'You already have 5 unpaid orders.'),
    });
    const { user } = showPanel();
    await user.type(screen.getByLabelText('Address'), '7 Foundry Lane');
    await user.type(screen.getByLabelText('Contact number'), '555 0199');
    await user.click(screen.getByRole('button', { name: 'Purchase' }));
    expect(await screen.findByText('You already have 5 unpaid orders.')).toBeTruthy();
  });
});
