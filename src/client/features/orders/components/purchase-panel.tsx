import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from '#client/lib/toast.ts';
import { Link } from 'wouter';
import { messages } from '#shared/messages.ts';
import { formatDollars } from '#shared/money.ts';
import { purchaseFieldsSchema, quantityFormSchema, type PurchaseFields } from '#shared/schemas/orders.ts';
import type { Tool } from '#shared/schemas/tools.ts';
import { Field } from '#client/components/ui/form-field.tsx';
import { LoadingButton } from '#client/components/ui/loading-button.tsx';
import { optionalNumber } from '#client/lib/form-values.ts';
import { useSession } from '#client/lib/session.ts';
import { newRequestKey, usePlaceOrder } from '#client/features/orders/api/place-order.ts';
import { ApiRequestError } from '#client/lib/api-client.ts';

/** The quantity form and the purchase form of the tool page (spec section 5, "Purchase"). */
export function PurchasePanel({ tool }: { tool: Tool }) {
  const user = useSession().data;
  const [quantity, setQuantity] = useState(tool.minOrderQuantity);
  // Sent with the order as well: the server refuses it if the price has gone up since the page showed this.
  const total = quantity * tool.price;
  // The tool page is for signed-in buyers only, so the name is there when the panel shows.
  const quantityForm = useForm({ resolver: zodResolver(quantityFormSchema(tool, user?.name ?? '')) });
  const placeOrder = usePlaceOrder();
  // One key per purchase, kept while its outcome is unknown (no answer came), so that trying again cannot
  // book it twice; a new one once the shop has answered.
  const requestKey = useRef(newRequestKey());
  const {
    register,
    handleSubmit,
    trigger,
    reset,
    formState: { errors },
  } = useForm<PurchaseFields>({
    resolver: zodResolver(purchaseFieldsSchema),
    defaultValues: { address: '', number: '' },
  });

  // The quantity's messages are toasts, and the field empties after each try.
  const onQuantity = quantityForm.handleSubmit(
    (valid) => {
      setQuantity(valid.quantity);
      quantityForm.reset();
    },
    (invalid) => {
      toast.error(invalid.quantity?.message ?? messages.quantityRequired);
      quantityForm.reset();
    },
  );

  const onPurchase = async (fields: PurchaseFields) => {
    try {
      const order = { toolId: tool._id, quantity, price: total, ...fields };
      const { insertedId } = await placeOrder.mutateAsync({ order, requestKey: requestKey.current });
      requestKey.current = newRequestKey();
      if (insertedId) {
        toast.success(messages.orderBooked);
        reset();
        setQuantity(tool.minOrderQuantity);
      }
    } catch (error) {
      if (error instanceof ApiRequestError) requestKey.current = newRequestKey();
      toast.error((error as Error).message);
    }
  };

  return (
    <div className="grid gap-6">
      <form
        className="bg-base-200 rounded-box grid gap-3 p-4"
        onSubmit={(event) => void onQuantity(event)}
        aria-label="Quantity"
      >
        <Field
          label="Quantity"
          hint={`Between ${tool.minOrderQuantity} and ${tool.availableQuantity} pieces.`}
        >
          {(props) => (
            <div className="join w-full">
              <input
                {...props}
                {...quantityForm.register('quantity', { setValueAs: optionalNumber })}
                type="number"
                inputMode="numeric"
                placeholder={String(quantity)}
                className="input join-item w-full"
              />
              <button type="submit" className="btn btn-secondary join-item">
                Set quantity
              </button>
            </div>
          )}
        </Field>
      </form>

      <form
        className="grid gap-4"
        noValidate
        onSubmit={(event) => void handleSubmit(onPurchase)(event)}
        aria-label="Purchase"
      >
        <h2 className="text-xl font-bold">Purchase</h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Name">
            {(props) => <input {...props} className="input w-full" value={user?.name ?? ''} readOnly />}
          </Field>
          <Field label="Email">
            {(props) => <input {...props} className="input w-full" value={user?.email ?? ''} readOnly />}
          </Field>
          <Field label="Order quantity">
            {(props) => <input {...props} className="input w-full" value={quantity || ''} readOnly />}
          </Field>
          <Field label="Total price">
            {(props) => <input {...props} className="input w-full" value={formatDollars(total)} readOnly />}
          </Field>
        </div>
        <Field label="Address" error={errors.address?.message}>
          {(props) => (
            <input
              {...props}
              {...register('address')}
              onKeyUp={() => void trigger('address')}
              autoComplete="street-address"
              className="input w-full"
            />
          )}
        </Field>
        <Field label="Contact number" error={errors.number?.message}>
          {(props) => (
            <input
              {...props}
              {...register('number')}
              onKeyUp={() => void trigger('number')}
              type="tel"
              autoComplete="tel"
              className="input w-full"
            />
          )}
        </Field>
        <LoadingButton loading={placeOrder.isPending} disabled={!quantity} className="btn btn-primary">
          Purchase
        </LoadingButton>
        <p className="text-base-content/70 text-sm">
          Your orders and payments are in{' '}
          <Link to="/dashboard/myorder" className="link">
            My Order
          </Link>
          .
        </p>
      </form>
    </div>
  );
}
