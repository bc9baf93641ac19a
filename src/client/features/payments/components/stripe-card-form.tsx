import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useState, type FormEvent } from 'react';
import { LoadingButton } from '#client/components/ui/loading-button.tsx';

interface StripeCardFormProps {
  publishableKey: string;
  clientSecret: string | undefined;
  billing: { name: string; email: string };
  onPaid: (transactionId: string) => Promise<void>;
}

const stripePromises = new Map<string, Promise<Stripe | null>>();

/** Stripe Elements' card form; loaded only when the shop takes payments through Stripe. */
export function StripeCardForm(props: StripeCardFormProps) {
  let stripe = stripePromises.get(props.publishableKey);
  if (!stripe) {
    stripe = loadStripe(props.publishableKey);
    stripePromises.set(props.publishableKey, stripe);
  }
  return (
    <Elements stripe={stripe}>
      <CardForm {...props} />
    </Elements>
  );
}

function CardForm({ clientSecret, billing, onPaid }: StripeCardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [error, setError] = useState('');
  const [paying, setPaying] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card || !clientSecret) return;
    setPaying(true);
    setError('');
    const result = await stripe.confirmCardPayment(clientSecret, {
      payment_method: { card, billing_details: billing },
    });
    if (result.error) setError(result.error.message ?? 'The payment failed.');
    else await onPaid(result.paymentIntent.id).catch((caught: Error) => setError(caught.message));
    setPaying(false);
  };

  return (
    <form className="grid gap-4" onSubmit={(event) => void onSubmit(event)} aria-label="Card">
      <div className="input w-full items-center">
        <CardElement className="w-full" onChange={(event) => setError(event.error?.message ?? '')} />
      </div>
      <LoadingButton loading={paying} disabled={!stripe || !clientSecret} className="btn btn-primary">
        Give Money
      </LoadingButton>
      {error && (
        <p role="alert" className="text-error text-sm font-medium">
          {error}
        </p>
      )}
    </form>
  );
}
