import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { centsToDollars, formatDollars } from '#shared/money.ts';
import { SHOP_CONTACT } from '#shared/shop-contact.ts';
import type { OrderRow } from './orders.repo.ts';

// DejaVu Sans covers every Latin, Greek and Cyrillic name; the PDF's standard fonts stop at Western European.
const require = createRequire(import.meta.url);
const REGULAR = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
const money = (cents: number) => formatDollars(centsToDollars(cents));

/**
 * The invoice's number: the day it was paid and the start of the order's id, the same however often the
 * invoice is made (`FL-20260601-1A2B3C4D`).
 */
export function invoiceNumber(order: Pick<OrderRow, 'id' | 'paidAt' | 'createdAt'>): string {
  const paid = (order.paidAt ?? order.createdAt).toISOString().slice(0, 10).replace(/-/g, '');
  return `FL-${paid}-${order.id.slice(0, 8).toUpperCase()}`;
}

/** A paid order's invoice as a PDF document, ended, to be piped to the reply. */
export function invoicePdf(order: OrderRow): PDFKit.PDFDocument {
  const number = invoiceNumber(order);
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `Invoice ${number}` } });
  doc.registerFont('regular', REGULAR).registerFont('bold', BOLD);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  doc.font('bold').fontSize(20).text(SHOP_CONTACT.address[0]);
  doc.font('regular').fontSize(10).text(SHOP_CONTACT.address.slice(1).join('\n'));
  doc.text(`${SHOP_CONTACT.email} · ${SHOP_CONTACT.phones[0].number}`);
  doc.moveDown(2);

  doc.font('bold').fontSize(16).text('Invoice');
  doc.font('regular').fontSize(10);
  doc.text(`Invoice number: ${number}`);
  doc.text(`Invoice date: ${day.format(order.paidAt ?? order.createdAt)}`);
  doc.text(`Order: ${order.id}`);
  doc.moveDown();

  doc.font('bold').text('Billed to');
  doc.font('regular').text([order.userName, order.email, order.address, order.number].join('\n'));
  doc.moveDown(2);

  const columns = [
    { label: 'Product', x: left, width: width * 0.46 },
    { label: 'Unit price', x: left + width * 0.48, width: width * 0.16 },
    { label: 'Quantity', x: left + width * 0.66, width: width * 0.14 },
    { label: 'Total', x: left + width * 0.82, width: width * 0.18 },
  ];
  const row = (cells: string[], font: 'regular' | 'bold') => {
    const top = doc.y;
    doc.font(font);
    const heights = cells.map((cell, i) => {
      doc.text(cell, columns[i]!.x, top, { width: columns[i]!.width, align: i === 0 ? 'left' : 'right' });
      return doc.y - top;
    });
    doc.x = left;
    doc.y = top + Math.max(...heights) + 6;
  };
  const rule = () => {
    doc
      .moveTo(left, doc.y)
      .lineTo(left + width, doc.y)
      .stroke('#999999');
    doc.y += 6;
  };
  row(
    columns.map((column) => column.label),
    'bold',
  );
  rule();
  row(
    [order.productName, money(order.unitPriceCents), `${order.quantity} pcs`, money(order.priceCents)],
    'regular',
  );
  rule();
  row(['Total paid', '', '', money(order.priceCents)], 'bold');
  doc.moveDown(2);

  const paidBy = order.testPayment
    ? 'Test payment through the built-in test gateway: no money was received.'
    : 'Paid by card.';
  doc.font('regular').text(`${paidBy} Transaction id: ${order.transactionId ?? ''}`, left);
  doc.moveDown();
  doc.fillColor('#555555').text('Thank you for your order.');
  doc.end();
  return doc;
}
