import { zodResolver } from '@hookform/resolvers/zod';
import type { InputHTMLAttributes } from 'react';
import { useController, useForm, type Control } from 'react-hook-form';
import type { z } from 'zod';
import {
  digitsOnly,
  formatCardNumber,
  formatExpiry,
  TEST_SUCCESS_CARD,
  testCardFormSchema,
  type CardInput,
} from '#shared/payments/test-cards.ts';
import { Field } from '#client/components/ui/form-field.tsx';
import { LoadingButton } from '#client/components/ui/loading-button.tsx';
import { useConfirmTestPayment } from '#client/features/payments/api/confirm-test-payment.ts';

type CardFields = z.input<typeof testCardFormSchema>;

interface CardFormProps {
  clientSecret: string | undefined;
  billing: { name: string; email: string };
  onPaid: (transactionId: string) => Promise<void>;
}

/** The built-in test gateway's card form: formatted as typed, answered like Stripe's test mode. */
export function TestCardForm({ clientSecret, billing, onPaid }: CardFormProps) {
  const confirm = useConfirmTestPayment();
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CardFields, unknown, CardInput>({
    resolver: zodResolver(testCardFormSchema),
    defaultValues: { number: '', expiry: '', cvc: '' },
  });

  const onSubmit = async (card: CardInput) => {
    if (!clientSecret) return;
    try {
      const intent = await confirm.mutateAsync({ clientSecret, card, billing });
      await onPaid(intent.id);
    } catch (caught) {
      setError('root', { message: (caught as Error).message });
    }
  };

  // Like Stripe Elements, the card's one message shows under the form.
  const message =
    errors.number?.message ?? errors.expiry?.message ?? errors.cvc?.message ?? errors.root?.message;
  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      aria-label="Card"
    >
      <CardField
        control={control}
        name="number"
        label="Card number"
        format={formatCardNumber}
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
      />
      <div className="grid grid-cols-2 gap-4">
        <CardField
          control={control}
          name="expiry"
          label="Expiry (MM / YY)"
          format={formatExpiry}
          autoComplete="cc-exp"
          placeholder="MM / YY"
        />
        <CardField
          control={control}
          name="cvc"
          label="CVC"
          format={(value) => digitsOnly(value).slice(0, 4)}
          autoComplete="cc-csc"
          placeholder="123"
        />
      </div>
      <LoadingButton loading={isSubmitting} disabled={!clientSecret} className="btn btn-primary">
        Give Money
      </LoadingButton>
      {message && (
        <p role="alert" className="text-error text-sm font-medium">
          {message}
        </p>
      )}
      <p className="bg-base-200 rounded-box text-base-content/75 p-3 text-xs">
        Test mode: no real money moves. Pay with{' '}
        <span className="font-mono font-semibold">{TEST_SUCCESS_CARD}</span>, any future date and any CVC.
      </p>
    </form>
  );
}

/** One input of the card, reformatted as it is typed. */
function CardField({
  control,
  name,
  label,
  format,
  ...input
}: {
  control: Control<CardFields, unknown, CardInput>;
  name: keyof CardFields;
  label: string;
  format: (value: string) => string;
} & Pick<InputHTMLAttributes<HTMLInputElement>, 'autoComplete' | 'placeholder'>) {
  const { field } = useController({ control, name });
  return (
    <Field label={label}>
      {(props) => (
        <input
          {...props}
          {...input}
          ref={field.ref}
          name={field.name}
          value={field.value}
          onBlur={field.onBlur}
          onChange={(event) => field.onChange(format(event.target.value))}
          inputMode="numeric"
          className="input w-full font-mono"
        />
      )}
    </Field>
  );
}
