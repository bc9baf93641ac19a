import type { MailMessage } from '#server/adapters/mail/mailer.ts';
import { formatDollars, centsToDollars } from '#shared/money.ts';
import type { OrderRow } from './orders.repo.ts';

function summary(order: OrderRow): string {
  return [
    `Order: ${order.id}`,
    `Product: ${order.productName}`,
    `Quantity: ${order.quantity} pcs at ${formatDollars(centsToDollars(order.unitPriceCents))}`,
    `Total: ${formatDollars(centsToDollars(order.priceCents))}`,
    `Delivery address: ${order.address}`,
    `Contact number: ${order.number}`,
  ].join('\n');
}

function orderMail(order: OrderRow, subject: string, intro: string, outro: string): MailMessage {
  return {
    to: order.email,
    subject,
    text: `Hello ${order.userName},\n\n${intro}\n\n${summary(order)}\n\n${outro}\n\nForgeline Tools & Parts`,
  };
}

const utcTime = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});
const heldUntilText = (heldUntil: Date) => `${utcTime.format(heldUntil)} UTC`;

export function orderBookedMail(order: OrderRow, baseUrl: string): MailMessage {
  const hold = order.heldUntil
    ? ` We hold it for you until ${heldUntilText(order.heldUntil)}; an order not paid by then is cancelled.`
    : '';
  return orderMail(
    order,
    `Order confirmation: ${order.productName}`,
    `Thank you for your order. We have reserved the quantity for you.${hold}`,
    `Pay for it here to have it shipped: ${baseUrl}/dashboard/payment/${order.id}`,
  );
}

export function orderExpiredMail(order: OrderRow, baseUrl: string): MailMessage {
  const heldUntil = order.heldUntil ? ` until ${heldUntilText(order.heldUntil)}` : '';
  return orderMail(
    order,
    `Order cancelled: ${order.productName} was not paid`,
    `We held this order for you${heldUntil}. As it was not paid, it has been cancelled and its quantity has gone back to stock.`,
    order.toolId
      ? `You are welcome to order it again: ${baseUrl}/parts/${order.toolId}`
      : 'You are welcome to order from us again.',
  );
}

/** Where a paid order's invoice is downloaded (signed in as its buyer or an administrator). */
export const invoicePath = (orderId: string) => `/api/orders/${orderId}/invoice`;

export function orderPaidMail(order: OrderRow, baseUrl: string): MailMessage {
  return orderMail(
    order,
    `Payment receipt: ${order.productName}`,
    `We have received your payment. Transaction id: ${order.transactionId ?? ''}.`,
    `Your invoice (sign in first): ${new URL(invoicePath(order.id), baseUrl)}\n\n` +
      'We will let you know as soon as your order ships.',
  );
}

export function orderShippedMail(order: OrderRow): MailMessage {
  return orderMail(
    order,
    `Your order is on the way: ${order.productName}`,
    'Good news: your order has left our warehouse and is on the way to you.',
    'Thank you for buying from us.',
  );
}

/** A tool an order took below its minimum order quantity: nobody can order it until its stock is raised. */
export interface SoldBelowMinimum {
  toolId: string;
  name: string;
  stock: number;
  minimum: number;
}

/** To an administrator, once per tool each time an order takes its stock below the minimum order. */
export function lowStockMail(to: string, tool: SoldBelowMinimum, baseUrl: string): MailMessage {
  return {
    to,
    subject: `Low stock: ${tool.name} can no longer be ordered`,
    text:
      `An order has just taken ${tool.name} below its minimum order quantity, so nobody can order it now.\n\n` +
      `Stock left: ${tool.stock} pcs\nMinimum order: ${tool.minimum} pcs\n\n` +
      `Raise its stock (or lower its minimum order) on Manage Tools: ${new URL(`/dashboard/updateTool/${tool.toolId}`, baseUrl)}\n\n` +
      'Forgeline Tools & Parts',
  };
}
