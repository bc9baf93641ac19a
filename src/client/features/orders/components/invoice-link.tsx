import { api } from '#shared/api/contract.ts';
import { fillPath } from '#shared/api/fill-path.ts';

/** A paid order's PDF invoice, downloaded with the session cookie (its buyer or an administrator). */
export function InvoiceLink({ orderId, productName }: { orderId: string; productName: string }) {
  return (
    <a
      className="btn btn-outline btn-xs whitespace-nowrap"
      href={`/api${fillPath(api.orders.invoice.path, { id: orderId })}`}
      download
      aria-label={`Invoice (PDF) for ${productName}`}
    >
      Invoice (PDF)
    </a>
  );
}
