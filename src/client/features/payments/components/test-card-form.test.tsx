import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiError, stubApi } from '#client/testing/api-stub.ts';
import { renderScreen } from '#client/testing/render-screen.tsx';
import { TestCardForm } from './test-card-form.tsx';

const billing = { name: 'Carla Reyes', email: 'carla@example.com' };

function showCardForm(confirm: Parameters<typeof stubApi>[0][string]) {
  const sent = stubApi({ 'POST /api/payments/test/confirm': confirm });
  const onPaid = vi.fn(async () => {});
  const rendered = renderScreen(
    <TestCardForm clientSecret="pi_1_secret" billing={billing} onPaid={onPaid} />,
    {
      url: '/dashboard/payment/order-1',
    },
  );
  return { ...rendered, sent, onPaid };
}

describe('the test card form', () => {
  it('checks the card as Stripe does and shows its message under the form', async () => {
    const { user, sent } = showCardForm({ body: {} });
    const pay = screen.getByRole('button', { name: 'Give Money' });
    const message = async (text: string) => expect((await screen.findByRole('alert')).textContent).toBe(text);

    await user.click(pay);
    await message('Your card number is incomplete.');
    await user.type(screen.getByLabelText('Card number'), '4242424242424241');
    await message('Your card number is invalid.');
    await user.clear(screen.getByLabelText('Card number'));
    await user.type(screen.getByLabelText('Card number'), '4242424242424242');
    expect(screen.getByLabelText<HTMLInputElement>('Card number').value).toBe('4242 4242 4242 4242');
    await user.click(pay);
    await message("Your card's expiration date is incomplete.");
    await user.type(screen.getByLabelText('Expiry (MM / YY)'), '1330');
    await message("Your card's expiration date is invalid.");
    await user.clear(screen.getByLabelText('Expiry (MM / YY)'));
    await user.type(screen.getByLabelText('Expiry (MM / YY)'), '0120');
    await message("Your card's expiration year is in the past.");
    await user.clear(screen.getByLabelText('Expiry (MM / YY)'));
    await user.type(screen.getByLabelText('Expiry (MM / YY)'), '1234');
    expect(screen.getByLabelText<HTMLInputElement>('Expiry (MM / YY)').value).toBe('12 / 34');
    await user.click(pay);
    await message("Your card's security code is incomplete.");
    expect(sent).toEqual([]);
  });

  async function payWith(user: ReturnType<typeof showCardForm>['user'], number: string) {
    await user.type(screen.getByLabelText('Card number'), number);
    await user.type(screen.getByLabelText('Expiry (MM / YY)'), '1234');
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.click(screen.getByRole('button', { name: 'Give Money' }));
  }

  it("shows the gateway's refusal in red under the form", async () => {
    const { user, onPaid } = showCardForm(apiError(402, 'Your card was declined.'));
    await payWith(user, '4000000000000002');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Your card was declined.');
    expect(alert.className).toContain('text-error');
    expect(onPaid).not.toHaveBeenCalled();
  });

  it('charges the card with the billing details and hands over the payment', async () => {
    const { user, sent, onPaid } = showCardForm({ body: { id: 'pi_test_1', status: 'succeeded' } });
    await payWith(user, '4242424242424242');
    await vi.waitFor(() => expect(onPaid).toHaveBeenCalledWith('pi_test_1'));
    expect(sent[0]?.body).toEqual({
      clientSecret: 'pi_1_secret',
      card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 34, cvc: '123' },
      billing,
    });
  });
});
