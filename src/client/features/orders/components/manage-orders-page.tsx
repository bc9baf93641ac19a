import toast from 'react-hot-toast';
import { messages } from '#shared/messages.ts';
import { formatDollars } from '#shared/money.ts';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { DataTable, TableImage } from '#client/components/ui/data-table.tsx';
import { ErrorNotice } from '#client/components/ui/error-notice.tsx';
import { LoadingButton } from '#client/components/ui/loading-button.tsx';
import { LoadingImage } from '#client/components/ui/loading-image.tsx';
import { PageMeta } from '#client/components/ui/page-meta.tsx';
import { useConfirmedAction } from '#client/lib/use-confirmed-action.ts';
import { useDeleteOrder } from '#client/features/orders/api/delete-order.ts';
import { useAllOrders } from '#client/features/orders/api/get-all-orders.ts';
import { useShipOrder } from '#client/features/orders/api/ship-order.ts';

export function ManageOrdersPage() {
  const orders = useAllOrders();
  const remove = useDeleteOrder();
  const ship = useShipOrder();
  const confirmDelete = useConfirmedAction(async (id) => (await remove.mutateAsync(id)).deletedCount, {
    done: messages.orderDeleted,
    refused: messages.cancelRefused,
  });

  if (orders.isPending) return <LoadingImage label="Loading the orders" />;
  if (orders.isError)
    return <ErrorNotice message={orders.error.message} onRetry={() => void orders.refetch()} />;

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
        <DataTable
          columns={[
            'No.',
            'Image',
            'Name',
            'Email',
            'ToolsName',
            'Price',
            'Quantity',
            'Address',
            'Phone',
            'transaction Id',
            'Action',
          ]}
        >
          {orders.data.map((order, index) => (
            <tr key={order._id}>
              <th>{index + 1}</th>
              <td>
                <TableImage src={order.img} alt={order.productName} />
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
                {order.testPayment && (
                  <span
                    className="badge badge-warning badge-sm mt-1 flex w-fit font-sans whitespace-nowrap"
                    title="Paid through the built-in test gateway: no money moved"
                  >
                    Test payment
                  </span>
                )}
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
                      onClick={() => confirmDelete.ask(order._id)}
                    >
                      Delete
                    </button>
                  </div>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <ConfirmDialog {...confirmDelete.dialog} />
    </section>
  );
}
