import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'wouter';
import { Field, PasswordInput } from '#client/components/ui/form-field.tsx';
import { LoadingButton } from '#client/components/ui/loading-button.tsx';
import { authErrorText, callAuth } from '#client/lib/auth-client.ts';
import { lazyZodResolver } from '#client/lib/lazy-zod-resolver.ts';
import { texts } from '#client/lib/texts.ts';
import { ErrorText } from './auth-card.tsx';

// zod comes when the visitor comes to the form: the page shows without waiting for it.
const validation = lazyZodResolver(
  async () => (await import('#shared/schemas/auth.ts')).resetPasswordFormSchema,
);

const EXPIRED =
  'This reset link has expired or has already been used. Ask for a new one with Reset Password on the sign-in page.';

/** Where the reset e-mail's link lands: choose a new password with the same rule as on sign-up. */
export function ResetPasswordPage() {
  const token = useSearchParams()[0].get('token') ?? '';
  const [done, setDone] = useState(false);
  const [error, setError] = useState(token ? '' : EXPIRED);
  const {
    register,
    handleSubmit,
    trigger,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: validation.resolver, defaultValues: { newPassword: '' } });

  const onSubmit = async ({ newPassword }: { newPassword: string }) => {
    setError('');
    const result = await callAuth((client) => client.resetPassword({ newPassword, token }));
    if (result.error)
      return setError(result.error.code === 'INVALID_TOKEN' ? EXPIRED : authErrorText(result.error));
    setDone(true);
  };

  return (
    <>
      {done ? (
        <div className="grid gap-4 text-center">
          <p role="status">Your password has been changed. You can sign in with it now.</p>
          <Link to="/signin" className="btn btn-primary">
            Sign In
          </Link>
        </div>
      ) : (
        <form
          className="grid gap-4"
          noValidate
          onFocusCapture={validation.preload}
          onSubmit={(event) => void handleSubmit(onSubmit)(event)}
        >
          <Field label="New password" error={errors.newPassword?.message} hint={texts.passwordHint}>
            {(props) => (
              <PasswordInput
                {...props}
                {...register('newPassword')}
                onKeyUp={() => void trigger('newPassword')}
                autoComplete="new-password"
                disabled={!token}
              />
            )}
          </Field>
          {error && <ErrorText>{error}</ErrorText>}
          <LoadingButton loading={isSubmitting} disabled={!token} className="btn btn-primary w-full">
            Change password
          </LoadingButton>
          <Link to="/signin" className="link link-hover text-center text-sm">
            Back to Sign In
          </Link>
        </form>
      )}
    </>
  );
}
