import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from '#client/lib/toast.ts';
import { Link, useLocation } from 'wouter';
import { messages } from '#shared/messages.ts';
import type { SignInForm } from '#shared/schemas/auth.ts';
import { Field, PasswordInput } from '#client/components/ui/form-field.tsx';
import { LoadingButton } from '#client/components/ui/loading-button.tsx';
import { authErrorText, callAuth } from '#client/lib/auth-client.ts';
import { lazyZodResolver } from '#client/lib/lazy-zod-resolver.ts';
import { sessionKeys } from '#client/lib/query-keys.ts';
import { ErrorText } from './auth-card.tsx';
import { SocialButtons } from './social-buttons.tsx';

// zod comes when the visitor comes to the form: the page shows without waiting for it.
const validation = lazyZodResolver(async () => (await import('#shared/schemas/auth.ts')).signInFormSchema);

export function SignInPage({ originPath }: { originPath: string }) {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const [resetting, setResetting] = useState(false);
  const [error, setError] = useState('');
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<SignInForm>({
    resolver: validation.resolver,
    defaultValues: { email: '', password: '' },
  });

  const signIn = async ({ email, password }: SignInForm) => {
    setError('');
    const result = await callAuth((client) => client.signIn.email({ email, password }));
    if (result.error) return setError(authErrorText(result.error));
    await queryClient.invalidateQueries({ queryKey: sessionKeys.all });
    navigate(originPath, { replace: true });
  };

  const resetPassword = async () => {
    setError('');
    const { signInFormSchema } = await import('#shared/schemas/auth.ts');
    const email = signInFormSchema.shape.email.safeParse(getValues('email'));
    if (!email.success) return void toast.error(messages.resetNeedsEmail);
    setResetting(true);
    const result = await callAuth((client) =>
      client.requestPasswordReset({ email: email.data, redirectTo: '/reset-password' }),
    );
    setResetting(false);
    if (result.error) return setError(authErrorText(result.error));
    toast.success(messages.resetSent);
  };

  // No noValidate: the browser itself asks for both fields, as the spec has it.
  return (
    <>
      <form
        className="grid gap-4"
        onFocusCapture={validation.preload}
        onSubmit={(event) => void handleSubmit(signIn)(event)}
      >
        <Field label="Email" error={errors.email?.message}>
          {(props) => (
            <input
              {...props}
              {...register('email')}
              type="email"
              autoComplete="email"
              required
              className="input w-full"
            />
          )}
        </Field>
        <Field label="Password" error={errors.password?.message}>
          {(props) => (
            <PasswordInput {...props} {...register('password')} autoComplete="current-password" required />
          )}
        </Field>
        {error && <ErrorText>{error}</ErrorText>}
        <LoadingButton loading={isSubmitting} disabled={resetting} className="btn btn-primary w-full">
          Submit
        </LoadingButton>
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <LoadingButton
            type="button"
            loading={resetting}
            disabled={isSubmitting}
            className="btn btn-link btn-sm px-0"
            onClick={() => void resetPassword()}
          >
            Reset Password
          </LoadingButton>
          <Link
            to="/signup"
            state={{ from: { pathname: originPath } }}
            className="link link-hover font-semibold"
          >
            Create an Account
          </Link>
        </div>
      </form>
      <SocialButtons callbackPath={originPath} onError={setError} />
    </>
  );
}
