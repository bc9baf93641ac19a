import { Link } from 'wouter';
import { messages } from '#shared/messages.ts';
import { formatDollars } from '#shared/money.ts';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { InvoiceLink } from './invoice-link.tsx';
import { DataTable, TableImage } from '#client/components/ui/data-table.tsx';
import { ErrorNotice } from '#client/components/ui/error-notice.tsx';
import { LoadingImage } from '#client/components/ui/loading-image.tsx';
import { PageMeta } from '#client/components/ui/page-meta.tsx';
import { useSession } from '#client/lib/session.ts';
import { useConfirmedAction } from '#client/lib/use-confirmed-action.ts';
import { useCancelOrder } from '#client/features/orders/api/cancel-order.ts';
import { useMyOrders } from '#client/features/orders/api/get-my-orders.ts';

const heldUntil = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function MyOrdersPage() {
  const email = useSession().data?.email ?? '';
  const orders = useMyOrders(email);
  const cancel = useCancelOrder();
  const confirmCancel = useConfirmedAction(async (id) => (await cancel.mutateAsync(id)).deletedCount, {
    done: messages.cancelled,
    refused: messages.cancelRefused,
    declined: messages.cancelDeclined,
    failedIsRefused: true,
  });

  if (orders.isPending) return <LoadingImage label="Loading your orders" />;
  if (orders.isError)
    return <ErrorNotice message={orders.error.message} onRetry={() => void orders.refetch()} />;

  const count = orders.data.length;
  return (
    <section>
      <PageMeta
        title="My Order"
        description="Your orders: pay, cancel unpaid ones and follow their delivery."
      />
      <h2 className="mb-4 text-2xl font-bold">
        {count === 0
          ? "You Don't Have any order"
          : `Here is the ${count} ${count === 1 ? 'tool' : 'tools'} that you ordered :-`}
      </h2>
      {count > 0 && (
        <DataTable
          columns={[
            'No.',
            'Image',
            'name',
            'price',
            'Quantity',
            'Address',
            'Phone',
            'transaction id',
            'Deliver',
            <span className="sr-only">Cancel</span>,
            <span className="sr-only">Payment</span>,
          ]}
        >
          {orders.data.map((order, index) => (
            <tr key={order._id}>
              <th>{index + 1}</th>
              <td>
                <TableImage src={order.img} alt={order.productName} />
              </td>
              <td className="min-w-40 font-semibold">{order.productName}</td>
              <td>{formatDollars(order.price)}</td>
              <td>{order.quantity}</td>
              <td className="min-w-32">{order.address}</td>
              <td>{order.number}</td>
              <td className="font-mono text-xs break-all">{order.transactionId ?? 'Pay First'}</td>
              <td>{order.isDeliverd ? 'Your Product is on the way.' : 'Pending..'}</td>
              <td>
                {order.paid ? (
                  <span className="text-base-content/70">Can't Cancel</span>
                ) : (
                  <button
                    type="button"
                    className="btn btn-error btn-outline btn-xs"
                    onClick={() => confirmCancel.ask(order._id)}
                  >
                    Cancel
                  </button>
                )}
              </td>
              <td>
                {order.paid ? (
                  <div className="grid justify-items-start gap-1">
                    <span className="badge badge-success">Already Paid</span>
                    <InvoiceLink orderId={order._id} productName={order.productName} />
                  </div>
                ) : (
                  <div className="grid gap-1">
                    <Link to={`/dashboard/payment/${order._id}`} className="btn btn-primary btn-xs">
                      Payment
                    </Link>
                    {order.heldUntil && (
                      <span className="text-base-content/70 text-xs whitespace-nowrap">
                        Held until {heldUntil.format(new Date(order.heldUntil))}
                      </span>
                    )}
                  </div>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <ConfirmDialog {...confirmCancel.dialog} />
    </section>
  );
}
