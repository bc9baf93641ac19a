import { centsToDollars } from '#shared/money.ts';
import type { Db } from '#server/db/client.ts';
import { ordersInChunks, type OrderFilter, type OrderRow } from './orders.repo.ts';

const COLUMNS = [
  'Order id',
  'Ordered at (UTC)',
  'Buyer',
  'E-mail',
  'Product',
  'Unit price (USD)',
  'Quantity',
  'Total (USD)',
  'State',
  'Paid at (UTC)',
  'Transaction id',
  'Test payment (no money received)',
  'Shipped at (UTC)',
  'Delivery address',
  'Contact number',
];

/**
 * What a spreadsheet may run as a formula: a text starting with a tab or a carriage return, or with =, +, - or
 * @ (or their full-width forms, which Excel reads as formulas in East Asian locales) after any spaces or
 * invisible characters, which some spreadsheets skip.
 */
const FORMULA_START = /^(?:[\t\r]|[\s\u200B-\u200D\u2060\uFEFF]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/;

/** One CSV cell (RFC 4180). A formula is given a leading apostrophe, which shows it as the text it is. */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const csvLine = (cells: Array<string | number | null>) => `${cells.map(csvCell).join(',')}\r\n`;
const utc = (date: Date | null) => date && date.toISOString().replace('T', ' ').slice(0, 19);
const dollars = (cents: number) => centsToDollars(cents).toFixed(2);

function stateOf(order: OrderRow): string {
  if (order.isDelivered) return 'shipped';
  return order.paid ? 'paid' : 'unpaid';
}

function orderLine(order: OrderRow): string {
  return csvLine([
    order.id,
    utc(order.createdAt),
    order.userName,
    order.email,
    order.productName,
    dollars(order.unitPriceCents),
    order.quantity,
    dollars(order.priceCents),
    stateOf(order),
    utc(order.paidAt),
    order.transactionId,
    order.testPayment ? 'yes' : '',
    utc(order.shippedAt),
    order.address,
    order.number,
  ]);
}

/**
 * The orders that match `filter`, newest first, as a CSV file for an accountant, written a chunk at a time.
 * It starts with a byte-order mark, so that spreadsheet programs read it as UTF-8.
 */
export async function* ordersCsv(db: Db, filter: OrderFilter): AsyncGenerator<string> {
  yield `\uFEFF${csvLine(COLUMNS)}`;
  for await (const rows of ordersInChunks(db, filter)) yield rows.map(orderLine).join('');
}
