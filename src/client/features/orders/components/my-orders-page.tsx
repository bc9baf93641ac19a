import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { messages } from '../../../../shared/messages.ts';
import { formatDollars } from '../../../../shared/money.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ErrorNotice } from '../../../components/ui/error-notice.tsx';
import { LoadingImage } from '../../../components/ui/loading-image.tsx';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { useSession } from '../../../lib/session.ts';
import { useCancelOrder, useMyOrders } from '../api/orders.ts';

export function MyOrdersPage() {
  const email = useSession().data?.email ?? '';
  const orders = useMyOrders(email);
  const cancel = useCancelOrder();
  const [confirming, setConfirming] = useState<string | null>(null);

  if (orders.isPending) return <LoadingImage label="Loading your orders" />;
  if (orders.isError)
    return <ErrorNotice message={orders.error.message} onRetry={() => void orders.refetch()} />;

  const onYes = async () => {
    const id = confirming;
    setConfirming(null);
    if (!id) return;
    try {
      const { deletedCount } = await cancel.mutateAsync(id);
      if (deletedCount) toast.success(messages.cancelled);
      else toast.error(messages.cancelRefused);
    } catch {
      toast.error(messages.cancelRefused);
    }
  };
  const onNo = () => {
    setConfirming(null);
    toast(messages.cancelDeclined);
  };

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
        <div className="border-base-300 rounded-box bg-base-100 overflow-x-auto border">
          <table className="table-zebra table text-sm">
            <thead>
              <tr>
                <th>No.</th>
                <th>Image</th>
                <th>name</th>
                <th>price</th>
                <th>Quantity</th>
                <th>Address</th>
                <th>Phone</th>
                <th>transaction id</th>
                <th>Deliver</th>
                <th>
                  <span className="sr-only">Cancel</span>
                </th>
                <th>
                  <span className="sr-only">Payment</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {orders.data.map((order, index) => (
                <tr key={order._id}>
                  <th>{index + 1}</th>
                  <td>
                    <img
                      src={order.img}
                      alt={order.productName}
                      className="rounded-field size-12 object-cover"
                    />
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
                        onClick={() => setConfirming(order._id)}
                      >
                        Cancel
                      </button>
                    )}
                  </td>
                  <td>
                    {order.paid ? (
                      <span className="badge badge-success">Already Paid</span>
                    ) : (
                      <Link to={`/dashboard/payment/${order._id}`} className="btn btn-primary btn-xs">
                        Payment
                      </Link>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title="Are You Sure?"
        onYes={() => void onYes()}
        onNo={onNo}
      />
    </section>
  );
}
