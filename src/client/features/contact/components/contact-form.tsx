import { useForm } from 'react-hook-form';
import toast from '#client/lib/toast.ts';
import type { ContactMessage } from '#shared/schemas/contact.ts';
import { Field } from '#client/components/ui/form-field.tsx';
import { LoadingButton } from '#client/components/ui/loading-button.tsx';
import { useSendContactMessage } from '#client/features/contact/api/send-contact-message.ts';
import { lazyZodResolver } from '#client/lib/lazy-zod-resolver.ts';

// Loaded when the visitor first comes to the form: the home page shows it, and most visits never use it.
const validation = lazyZodResolver(
  async () => (await import('#shared/schemas/contact.ts')).contactMessageSchema,
);

/** Get In Touch: name, email, message and Send; the shop keeps the message and receives it by e-mail. */
export function ContactForm() {
  const send = useSendContactMessage();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ContactMessage>({
    resolver: validation.resolver,
    defaultValues: { name: '', email: '', message: '' },
  });

  const onSubmit = async (message: ContactMessage) => {
    try {
      toast.success((await send.mutateAsync(message)).message);
      reset();
    } catch (error) {
      toast.error((error as Error).message);
    }
  };

  return (
    <form
      noValidate
      aria-label="Get In Touch"
      className="grid gap-4"
      onFocusCapture={validation.preload}
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Name" error={errors.name?.message}>
          {(props) => <input {...props} {...register('name')} autoComplete="name" className="input w-full" />}
        </Field>
        <Field label="Email" error={errors.email?.message}>
          {(props) => (
            <input
              {...props}
              {...register('email')}
              type="email"
              autoComplete="email"
              className="input w-full"
            />
          )}
        </Field>
      </div>
      <Field label="Message" error={errors.message?.message}>
        {(props) => <textarea {...props} {...register('message')} rows={5} className="textarea w-full" />}
      </Field>
      <LoadingButton loading={send.isPending} className="btn btn-primary w-fit px-8">
        Send
      </LoadingButton>
    </form>
  );
}
