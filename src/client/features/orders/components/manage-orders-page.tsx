import { useState } from 'react';
import toast from 'react-hot-toast';
import { messages } from '../../../../shared/messages.ts';
import { formatDollars } from '../../../../shared/money.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ErrorNotice } from '../../../components/ui/error-notice.tsx';
import { LoadingButton } from '../../../components/ui/loading-button.tsx';
import { LoadingImage } from '../../../components/ui/loading-image.tsx';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { useAllOrders, useDeleteOrder, useShipOrder } from '../api/orders.ts';

export function ManageOrdersPage() {
  const orders = useAllOrders();
  const remove = useDeleteOrder();
  const ship = useShipOrder();
  const [confirming, setConfirming] = useState<string | null>(null);

  if (orders.isPending) return <LoadingImage label="Loading the orders" />;
  if (orders.isError)
    return <ErrorNotice message={orders.error.message} onRetry={() => void orders.refetch()} />;

  const onDelete = async () => {
    const id = confirming;
    setConfirming(null);
    if (!id) return;
    try {
      const { deletedCount } = await remove.mutateAsync(id);
      if (deletedCount) toast.success(messages.orderDeleted);
      else toast.error(messages.cancelRefused);
    } catch (error) {
      toast.error((error as Error).message);
    }
  };

  const onShip = async (id: string) => {
    try {
      const { modifiedCount } = await ship.mutateAsync(id);
      if (modifiedCount) toast.success(messages.shipped);
      else toast.error(messages.shipRefused);
    } catch {
      toast.error(messages.shipRefused);
    }
  };

  const count = orders.data.length;
  return (
    <section>
      <PageMeta
        title="Manage Order"
        description="Every order of the shop: ship paid orders and delete unpaid ones."
      />
      <h2 className="mb-4 text-2xl font-bold">
        {count === 0 ? 'There is no Order' : `Here is the ${count} order(s):-`}
      </h2>
      {count > 0 && (
        <div className="border-base-300 rounded-box bg-base-100 overflow-x-auto border">
          <table className="table-zebra table text-sm">
            <thead>
              <tr>
                <th>No.</th>
                <th>Image</th>
                <th>Name</th>
                <th>Email</th>
                <th>ToolsName</th>
                <th>Price</th>
                <th>Quantity</th>
                <th>Address</th>
                <th>Phone</th>
                <th>transaction Id</th>
                <th>Action</th>
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
                  <td>{order.userName}</td>
                  <td>{order.email}</td>
                  <td className="min-w-40 font-semibold">{order.productName}</td>
                  <td>{formatDollars(order.price)}</td>
                  <td>{order.quantity}</td>
                  <td className="min-w-32">{order.address}</td>
                  <td>{order.number}</td>
                  <td className="font-mono text-xs break-all">
                    {order.paid ? order.transactionId : 'Not Paid Yet'}
                  </td>
                  <td className="min-w-44">
                    {order.paid ? (
                      <div className="grid gap-1">
                        <span className="text-success font-semibold">receive'd Money</span>
                        {order.isDeliverd ? (
                          <span className="badge badge-success">Delivery Done</span>
                        ) : (
                          <LoadingButton
                            type="button"
                            loading={ship.isPending && ship.variables === order._id}
                            className="btn btn-secondary btn-xs"
                            onClick={() => void onShip(order._id)}
                          >
                            Ship
                          </LoadingButton>
                        )}
                      </div>
                    ) : (
                      <div className="grid gap-1">
                        <span className="text-base-content/70">can't receive the money yet</span>
                        <button
                          type="button"
                          className="btn btn-error btn-outline btn-xs"
                          onClick={() => setConfirming(order._id)}
                        >
                          Delete
                        </button>
                      </div>
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
        onYes={() => void onDelete()}
        onNo={() => setConfirming(null)}
      />
    </section>
  );
}
