import { describe, expect, it } from 'vitest';
import { cardMessages, formatCardNumber, formatExpiry, passesLuhn, testCardDecline } from './test-cards.ts';

const now = new Date('2026-11-23T12:00:00Z');
const card = (
  number: string,
  overrides: Partial<{ expMonth: number; expYear: number; cvc: string }> = {},
) => ({
  number,
  expMonth: 12,
  expYear: 2030,
  cvc: '123',
  ...overrides,
});

describe('the test gateway answers like Stripe test mode', () => {
  it.each([
    ['4242 4242 4242 4242', null],
    ['4000 0000 0000 0002', cardMessages.declined],
    ['4000 0000 0000 9995', cardMessages.insufficientFunds],
    ['4000 0000 0000 0069', cardMessages.expired],
    ['4000 0000 0000 0127', cardMessages.cvcIncorrect],
    ['4242 4242 4242 4241', cardMessages.numberInvalid],
    ['4242 4242', cardMessages.numberIncomplete],
    ['', cardMessages.numberIncomplete],
    ['5555 5555 5555 4444', cardMessages.notATestCard],
  ])('%s', (number, message) => {
    expect(testCardDecline(card(number), now)).toBe(message);
  });

  it('checks the expiry date and the security code', () => {
    expect(
      testCardDecline(
        { number: '4242424242424242', expMonth: undefined, expYear: undefined, cvc: '123' },
        now,
      ),
    ).toBe(cardMessages.expiryIncomplete);
    expect(testCardDecline(card('4242424242424242', { expMonth: 13 }), now)).toBe(cardMessages.expiryInvalid);
    expect(testCardDecline(card('4242424242424242', { expMonth: 10, expYear: 26 }), now)).toBe(
      cardMessages.expiryPast,
    );
    expect(testCardDecline(card('4242424242424242', { expMonth: 11, expYear: 26 }), now)).toBeNull();
    expect(testCardDecline(card('4242424242424242', { cvc: '12' }), now)).toBe(cardMessages.cvcIncomplete);
  });
});

it('implements the Luhn check and formats as typed', () => {
  expect(passesLuhn('79927398713')).toBe(true);
  expect(passesLuhn('79927398710')).toBe(false);
  expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
  expect(formatCardNumber('4242-42')).toBe('4242 42');
  expect(formatExpiry('1230')).toBe('12 / 30');
  expect(formatExpiry('1')).toBe('1');
});
