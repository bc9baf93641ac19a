import { Link } from 'wouter';
import type { SalesOverview as Overview } from '#shared/schemas/reports.ts';
import { formatDollars } from '#shared/money.ts';
import { ErrorNotice } from '#client/components/ui/error-notice.tsx';
import { LoadingImage } from '#client/components/ui/loading-image.tsx';
import { useSalesOverview } from '#client/features/reports/api/get-sales-overview.ts';
import { RevenueChart } from './revenue-chart.tsx';
import { formatCount } from '#shared/number-format.ts';

const dayName = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

function Card({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="card bg-base-100 border-base-300 border shadow-sm" aria-label={title}>
      <div className="card-body gap-3 p-4 sm:p-6">
        <h3 className="text-lg font-bold">{title}</h3>
        {children}
      </div>
    </section>
  );
}

/** The chart's numbers, for screen readers and keyboards: a table behind a disclosure. */
function NumbersTable({ summary, columns, rows }: { summary: string; columns: string[]; rows: string[][] }) {
  return (
    <details className="text-sm">
      <summary className="cursor-pointer py-2 font-semibold">{summary}</summary>
      {/* Scrolls on its own: focusable, so that a keyboard scrolls it too. */}
      <div className="max-h-72 overflow-y-auto" tabIndex={0} role="group" aria-label={summary}>
        <table className="table-zebra table-sm table">
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column}>{column}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row[0]}>
                {row.map((cell, index) => (
                  <td key={index}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

function Revenue({ days }: { days: Overview['revenueByDay'] }) {
  const total = days.reduce((sum, day) => sum + day.revenue, 0);
  const test = days.reduce((sum, day) => sum + day.testRevenue, 0);
  const paid = days.reduce((sum, day) => sum + day.orders, 0);
  return (
    <Card title="Revenue, last 30 days">
      <p>
        <span className="text-2xl font-bold">{formatDollars(total)}</span>{' '}
        <span className="text-base-content/75">from {formatCount(paid)} paid order(s)</span>
      </p>
      {test > 0 && (
        <p className="text-sm">
          <span className="badge badge-warning badge-sm mr-2">Test payments</span>
          {formatDollars(test)} of it through the test gateway: no money was received.
        </p>
      )}
      {paid === 0 ? (
        <p className="text-base-content/75">
          No order was paid in the last 30 days. Revenue shows here once buyers pay.
        </p>
      ) : (
        <RevenueChart days={days} />
      )}
      <NumbersTable
        summary="Revenue per day as a table"
        columns={['Day', 'Revenue', 'Paid orders']}
        rows={days.map((day) => [
          dayName.format(new Date(`${day.day}T00:00:00Z`)),
          formatDollars(day.revenue),
          String(day.orders),
        ])}
      />
    </Card>
  );
}

function TopTools({ tools }: { tools: Overview['topTools'] }) {
  const most = Math.max(...tools.map((tool) => tool.revenue), 1);
  return (
    <Card title="Top 5 tools by revenue">
      {tools.length === 0 ? (
        <p className="text-base-content/75">No paid orders yet.</p>
      ) : (
        <ol className="grid gap-3">
          {tools.map((tool) => (
            <li key={tool.name} className="grid gap-1">
              <div className="flex justify-between gap-2 text-sm">
                <span className="font-semibold">{tool.name}</span>
                <span className="whitespace-nowrap">
                  {formatDollars(tool.revenue)} · {formatCount(tool.quantity)} pcs
                </span>
              </div>
              <div className="bg-base-200 h-2 rounded-full" aria-hidden="true">
                <div
                  className="bg-primary h-2 rounded-full"
                  style={{ width: `${(tool.revenue / most) * 100}%` }}
                />
              </div>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

/** Sales at a glance, on the administrator's dashboard home. */
export function SalesOverview() {
  const sales = useSalesOverview();
  if (sales.isPending) return <LoadingImage label="Loading the sales" />;
  if (sales.isError)
    return <ErrorNotice message={sales.error.message} onRetry={() => void sales.refetch()} />;
  const { revenueByDay, ordersByState, topTools, heldByUnpaid, cannotBeOrdered } = sales.data;
  const states = [
    ['Unpaid', ordersByState.unpaid, 'unpaid'],
    ['Paid, to ship', ordersByState.paid, 'paid'],
    ['Shipped', ordersByState.shipped, 'shipped'],
  ] as const;
  return (
    <div className="mt-6 grid gap-6">
      <h2 className="text-2xl font-bold">Sales at a glance</h2>
      <Revenue days={revenueByDay} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title="Orders by state">
          <dl className="grid grid-cols-3 gap-2 text-center">
            {states.map(([label, value, state]) => (
              <div key={state} className="bg-base-200 rounded-box p-3">
                <dt className="text-sm">{label}</dt>
                <dd className="text-2xl font-bold">
                  <Link
                    className="link link-hover"
                    to={`/dashboard/manageOrder?state=${state}`}
                    aria-label={`${value} ${label} orders`}
                  >
                    {formatCount(value)}
                  </Link>
                </dd>
              </div>
            ))}
          </dl>
          <p className="text-base-content/75 text-sm">
            Unpaid orders hold {formatCount(heldByUnpaid.quantity)} pcs of stock (
            {formatCount(heldByUnpaid.orders)} order(s)) until they are paid or expire.
          </p>
        </Card>
        <TopTools tools={topTools} />
      </div>
      <Card title="Tools that can no longer be ordered">
        {cannotBeOrdered.length === 0 ? (
          <p className="text-base-content/75">Every tool has at least its minimum order in stock.</p>
        ) : (
          <ul className="divide-base-300 divide-y">
            {cannotBeOrdered.map((tool) => (
              <li key={tool._id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="font-semibold">{tool.name}</span>
                <span className="text-sm">
                  {formatCount(tool.stock)} in stock, minimum order {formatCount(tool.minimum)}
                </span>
                <Link className="btn btn-outline btn-sm min-h-11" to={`/dashboard/updateTool/${tool._id}`}>
                  Restock
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
