import { useState, type FormEvent } from 'react';
import {
  digitsOnly,
  formatCardNumber,
  formatExpiry,
  incompleteCardMessage,
  TEST_SUCCESS_CARD,
} from '#shared/payments/test-cards.ts';
import { Field } from '#client/components/ui/form-field.tsx';
import { LoadingButton } from '#client/components/ui/loading-button.tsx';
import { confirmTestPayment } from '#client/features/payments/api/confirm-test-payment.ts';

interface CardFormProps {
  clientSecret: string | undefined;
  billing: { name: string; email: string };
  onPaid: (transactionId: string) => Promise<void>;
}

/** The built-in test gateway's card form: formatted as typed, answered like Stripe's test mode. */
export function TestCardForm({ clientSecret, billing, onPaid }: CardFormProps) {
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [error, setError] = useState('');
  const [paying, setPaying] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!clientSecret) return;
    const [month, year] = [digitsOnly(expiry).slice(0, 2), digitsOnly(expiry).slice(2, 4)];
    const card = {
      number,
      expMonth: month.length === 2 ? Number(month) : undefined,
      expYear: year.length === 2 ? Number(year) : undefined,
      cvc,
    };
    const incomplete = incompleteCardMessage(card);
    if (incomplete) return setError(incomplete);
    setError('');
    setPaying(true);
    try {
      const intent = await confirmTestPayment({ clientSecret, card, billing });
      await onPaid(intent.id);
    } catch (caught) {
      setError((caught as Error).message);
    } finally {
      setPaying(false);
    }
  };

  return (
    <form className="grid gap-4" noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Card">
      <Field label="Card number">
        {(props) => (
          <input
            {...props}
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            className="input w-full font-mono"
            value={number}
            onChange={(event) => setNumber(formatCardNumber(event.target.value))}
          />
        )}
      </Field>
      <div className="grid grid-cols-2 gap-4">
        <Field label="Expiry (MM / YY)">
          {(props) => (
            <input
              {...props}
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="MM / YY"
              className="input w-full font-mono"
              value={expiry}
              onChange={(event) => setExpiry(formatExpiry(event.target.value))}
            />
          )}
        </Field>
        <Field label="CVC">
          {(props) => (
            <input
              {...props}
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="123"
              className="input w-full font-mono"
              value={cvc}
              onChange={(event) => setCvc(digitsOnly(event.target.value).slice(0, 4))}
            />
          )}
        </Field>
      </div>
      <LoadingButton loading={paying} disabled={!clientSecret} className="btn btn-primary">
        Give Money
      </LoadingButton>
      {error && (
        <p role="alert" className="text-error text-sm font-medium">
          {error}
        </p>
      )}
      <p className="bg-base-200 rounded-box text-base-content/75 p-3 text-xs">
        Test mode: no real money moves. Pay with{' '}
        <span className="font-mono font-semibold">{TEST_SUCCESS_CARD}</span>, any future date and any CVC.
      </p>
    </form>
  );
}
