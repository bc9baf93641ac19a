import { z } from 'zod';

/**
 * The built-in test gateway behaves like Stripe's test mode: the same test card numbers give the same
 * outcomes and the same messages (the precedent is Saleor's dummy gateway and Vendure's dummy handler).
 */
export const TEST_SUCCESS_CARD = '4242 4242 4242 4242';

export interface CardInput {
  number: string;
  expMonth?: number | undefined;
  expYear?: number | undefined;
  cvc: string;
}

export const cardMessages = {
  numberIncomplete: 'Your card number is incomplete.',
  numberInvalid: 'Your card number is invalid.',
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryInvalid: "Your card's expiration date is invalid.",
  expiryPast: "Your card's expiration year is in the past.",
  cvcIncomplete: "Your card's security code is incomplete.",
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  expired: 'Your card has expired.',
  cvcIncorrect: "Your card's security code is incorrect.",
  notATestCard:
    'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, use 4242 4242 4242 4242.',
} as const;

/** What Stripe's test mode answers for each of its test numbers. */
const outcomes: Record<string, string | null> = {
  '4242424242424242': null,
  '4000000000000002': cardMessages.declined,
  '4000000000009995': cardMessages.insufficientFunds,
  '4000000000000069': cardMessages.expired,
  '4000000000000127': cardMessages.cvcIncorrect,
};

export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}

export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

type CardField = 'number' | 'expiry' | 'cvc';

/** The form's own checks, as Stripe Elements makes them while the card is typed; null when complete. */
export function incompleteCardProblem(
  card: CardInput,
  now = new Date(),
): { field: CardField; message: string } | null {
  const problem = (field: CardField, message: string) => ({ field, message });
  const digits = digitsOnly(card.number);
  if (digits.length < 16) return problem('number', cardMessages.numberIncomplete);
  if (digits.length > 19 || !passesLuhn(digits)) return problem('number', cardMessages.numberInvalid);
  if (card.expMonth === undefined || card.expYear === undefined)
    return problem('expiry', cardMessages.expiryIncomplete);
  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12)
    return problem('expiry', cardMessages.expiryInvalid);
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  const thisYear = now.getFullYear();
  if (year < thisYear || (year === thisYear && card.expMonth < now.getMonth() + 1))
    return problem('expiry', cardMessages.expiryPast);
  if (!/^\d{3,4}$/.test(card.cvc)) return problem('cvc', cardMessages.cvcIncomplete);
  return null;
}

/** The card form as typed ("12 / 34" for the expiry), checked as Stripe Elements does, giving the card to send. */
export const testCardFormSchema = z
  .object({ number: z.string(), expiry: z.string(), cvc: z.string() })
  .transform(({ number, expiry, cvc }): CardInput => {
    const [month, year] = [digitsOnly(expiry).slice(0, 2), digitsOnly(expiry).slice(2, 4)];
    return {
      number,
      expMonth: month.length === 2 ? Number(month) : undefined,
      expYear: year.length === 2 ? Number(year) : undefined,
      cvc,
    };
  })
  .superRefine((card, context) => {
    const problem = incompleteCardProblem(card);
    if (problem) context.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });

/** The gateway's verdict on a complete card: null when the payment succeeds, else the card's message. */
export function testCardDecline(card: CardInput, now = new Date()): string | null {
  const incomplete = incompleteCardProblem(card, now);
  if (incomplete) return incomplete.message;
  const digits = digitsOnly(card.number);
  return digits in outcomes ? outcomes[digits]! : cardMessages.notATestCard;
}

/** "4242424242424242" → "4242 4242 4242 4242", as the card form formats while typing. */
export function formatCardNumber(value: string): string {
  return digitsOnly(value)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1230" → "12 / 30". */
export function formatExpiry(value: string): string {
  const digits = digitsOnly(value).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}
