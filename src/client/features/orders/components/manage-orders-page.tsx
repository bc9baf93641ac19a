import { api } from '#shared/api/contract.ts';
import toast from '#client/lib/toast.ts';
import { messages } from '#shared/messages.ts';
import { formatDollars } from '#shared/money.ts';
import type { OrderState } from '#shared/schemas/orders.ts';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { InvoiceLink } from './invoice-link.tsx';
import { TableImage } from '#client/components/ui/data-table.tsx';
import { LoadingButton } from '#client/components/ui/loading-button.tsx';
import { PagedTable } from '#client/components/ui/paged-table.tsx';
import { useListParams } from '#client/lib/list-params.ts';
import { useConfirmedAction } from '#client/lib/use-confirmed-action.ts';
import { useDeleteOrder } from '#client/features/orders/api/delete-order.ts';
import {
  ORDER_STATE_NAMES,
  readOrdersPageQuery,
  useOrdersPage,
} from '#client/features/orders/api/get-orders-page.ts';
import { useShipOrder } from '#client/features/orders/api/ship-order.ts';

/** The state filter's choices, as the administrator sees them; All is no `?state=`. */
/** The orders on the screen (search and state, every page) as a CSV file for the accountant. */
function exportHref(filter: { q?: string | undefined; state?: OrderState | undefined }): string {
  const query = new URLSearchParams(
    Object.entries(filter).filter((entry): entry is [string, string] => Boolean(entry[1])),
  ).toString();
  return `/api${api.orders.exportCsv.path}${query && `?${query}`}`;
}

const STATES: Record<OrderState, string> = { unpaid: 'Unpaid', paid: 'Paid', shipped: 'Shipped' };

/** Every buyer's orders, newest first, searched by buyer and product, filtered by state, a page at a time. */
export function ManageOrdersPage() {
  const list = useListParams();
  const query = readOrdersPageQuery(list.params);
  const { q, state } = query;
  const orders = useOrdersPage(query);
  const remove = useDeleteOrder();
  const ship = useShipOrder();
  const confirmDelete = useConfirmedAction(async (id) => (await remove.mutateAsync(id)).deletedCount, {
    done: messages.orderDeleted,
    refused: messages.cancelRefused,
  });

  const onShip = async (id: string) => {
    try {
      const { modifiedCount } = await ship.mutateAsync(id);
      if (modifiedCount) toast.success(messages.shipped);
      else toast.error(messages.shipRefused);
    } catch {
      toast.error(messages.shipRefused);
    }
  };

  const total = orders.data?.total ?? 0;
  const noMatch = `No orders match${q ? ` “${q}”` : ''}${state ? ` among the ${STATES[state]} orders` : ''}`;
  return (
    <PagedTable
      meta={{
        title: 'Manage Order',
        description: 'Every order of the shop: ship paid orders and delete unpaid ones.',
      }}
      query={orders}
      loadingLabel="Loading the orders"
      heading={total > 0 ? `Here is the ${total} order(s):-` : q || state ? noMatch : 'There is no Order'}
      search={{ label: 'Search by buyer, e-mail or product', value: q }}
      filters={
        <>
          <fieldset className="flex flex-col">
            <legend className="mb-1 text-sm font-semibold">State</legend>
            <div className="join">
              {[undefined, ...ORDER_STATE_NAMES].map((name) => (
                <input
                  key={name ?? 'all'}
                  type="radio"
                  name="order-state"
                  className="join-item btn h-11 px-4"
                  aria-label={name ? STATES[name] : 'All'}
                  checked={state === name}
                  onChange={() => list.change({ state: name })}
                />
              ))}
            </div>
          </fieldset>
          <a className="btn btn-outline h-11 max-sm:w-full" href={exportHref({ q, state })} download>
            Export CSV
          </a>
        </>
      }
      narrowed={Boolean(q || state)}
      noMatches={{
        message: 'Try other words or another state, or clear them to see every order again.',
        clearLabel: state ? 'Clear the search and the state' : 'Clear the search',
        clear: () => list.change({ q: undefined, state: undefined }),
      }}
      list={list}
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
      rows={orders.data?.orders ?? []}
      row={(order, number) => (
        <tr key={order._id}>
          <th>{number}</th>
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
                <InvoiceLink orderId={order._id} productName={order.productName} />
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
      )}
    >
      <ConfirmDialog {...confirmDelete.dialog} />
    </PagedTable>
  );
}
