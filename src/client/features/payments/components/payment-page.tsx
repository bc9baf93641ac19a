import { lazy, Suspense, useState } from 'react';
import { Link, useParams } from 'wouter';
import { messages } from '#shared/messages.ts';
import { formatDollars } from '#shared/money.ts';
import { ErrorNotice } from '#client/components/ui/error-notice.tsx';
import { LoadingImage } from '#client/components/ui/loading-image.tsx';
import { PageMeta } from '#client/components/ui/page-meta.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useSession } from '#client/lib/session.ts';
import { useClientSecret } from '#client/features/payments/api/create-payment-intent.ts';
import { usePaymentSummary } from '#client/features/payments/api/get-payment-summary.ts';
import { useMarkOrderPaid } from '#client/features/payments/api/mark-order-paid.ts';
import { TestCardForm } from './test-card-form.tsx';

const StripeCardForm = lazy(async () => ({
  default: (await import('./stripe-card-form.tsx')).StripeCardForm,
}));

export function PaymentPage() {
  const { id = '' } = useParams();
  const user = useSession().data;
  const summary = usePaymentSummary(id);
  const secret = useClientSecret(id, summary.data?.paid === false);
  const markPaid = useMarkOrderPaid(id);
  const [transactionId, setTransactionId] = useState<string | null>(null);

  if (summary.isPending) return <LoadingImage label="Loading the order" />;
  if (summary.isError) return <ErrorNotice message={summary.error.message} />;
  const order = summary.data;

  const onPaid = async (intentId: string) => {
    await markPaid.mutateAsync(intentId);
    setTransactionId(intentId);
  };
  const billing = { name: user?.name ?? order.userName, email: user?.email ?? '' };
  const paidWith = transactionId ?? (order.paid ? order.transactionId : null);

  return (
    <section className="card bg-base-100 border-base-300 max-w-xl border shadow-sm">
      <PageMeta title="Payment" description="Pay for your order by card." />
      <div className="card-body gap-5">
        <div>
          <p className="text-accent font-semibold">Hello, {order.userName}</p>
          <h2 className="text-2xl font-bold">{order.productName}</h2>
          <p className="mt-2 text-lg">
            Please pay First: <span className="font-bold">{formatDollars(order.price)}</span>
          </p>
        </div>
        {paidWith ? (
          <div role="status" className="alert alert-success alert-soft grid gap-1">
            <p className="font-bold">{messages.paymentDone}</p>
            <p className="text-sm">
              Transaction id: <span className="font-mono break-all">{paidWith}</span>
            </p>
            <Link to="/dashboard/myorder" className="link text-sm">
              Back to My Order
            </Link>
          </div>
        ) : secret.isError ? (
          <ErrorNotice message={secret.error.message} onRetry={() => void secret.refetch()} />
        ) : order.gateway === 'stripe' && order.publishableKey ? (
          <Suspense fallback={<Spinner label="Loading the card form" />}>
            <StripeCardForm
              publishableKey={order.publishableKey}
              clientSecret={secret.data}
              billing={billing}
              onPaid={onPaid}
            />
          </Suspense>
        ) : (
          <TestCardForm clientSecret={secret.data} billing={billing} onPaid={onPaid} />
        )}
      </div>
    </section>
  );
}
