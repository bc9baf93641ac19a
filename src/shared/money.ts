import { lazyNumberFormat } from './number-format.ts';

/** The most one order may come to: the largest single card payment Stripe takes. */
export const MAX_ORDER_TOTAL_CENTS = 99_999_999;

/** Money is whole cents inside the system and dollars at the API edge. */
export function centsToDollars(cents: number): number {
  return cents / 100;
}

export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

const formatAmount = lazyNumberFormat({ minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "$1,234.50": the spec shows prices in dollars with "$". */
export function formatDollars(dollars: number): string {
  return `$${formatAmount(dollars)}`;
}
