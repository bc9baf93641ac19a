import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import toast from '#client/lib/toast.ts';
import { Link, useLocation } from 'wouter';
import { messages } from '#shared/messages.ts';
import type { SignUpForm } from '#shared/schemas/auth.ts';
import { Field, PasswordInput } from '#client/components/ui/form-field.tsx';
import { LoadingButton } from '#client/components/ui/loading-button.tsx';
import { authErrorText, callAuth } from '#client/lib/auth-client.ts';
import { lazyZodResolver } from '#client/lib/lazy-zod-resolver.ts';
import { sessionKeys } from '#client/lib/query-keys.ts';
import { texts } from '#client/lib/texts.ts';
import { ErrorText } from './auth-card.tsx';
import { SocialButtons } from './social-buttons.tsx';

// zod comes when the visitor comes to the form: the page shows without waiting for it.
const validation = lazyZodResolver(async () => (await import('#shared/schemas/auth.ts')).signUpFormSchema);

type TextField = 'firstname' | 'lastname' | 'email' | 'password' | 'confirmPassword';

export function SignUpPage({ originPath }: { originPath: string }) {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const [error, setError] = useState('');
  const {
    register,
    handleSubmit,
    trigger,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<SignUpForm>({
    resolver: validation.resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { firstname: '', lastname: '', email: '', password: '', confirmPassword: '' },
  });

  // The spec validates each field on key-up as well as on submit.
  const field = (name: TextField): UseFormRegisterReturn & { onKeyUp: () => void } => ({
    ...register(name),
    onKeyUp: () => void trigger(name),
  });

  const onSubmit = async (values: SignUpForm) => {
    setError('');
    if (values.password !== values.confirmPassword) return void toast.error(messages.passwordMismatch);
    // Loaded by now, with the form's check.
    const { displayName } = await import('#shared/schemas/auth.ts');
    const result = await callAuth((client) =>
      client.signUp.email({
        name: displayName(values.firstname, values.lastname),
        email: values.email,
        password: values.password,
      }),
    );
    if (result.error) return setError(authErrorText(result.error));
    reset();
    await queryClient.invalidateQueries({ queryKey: sessionKeys.all });
    toast.success(messages.profileCreated);
    navigate('/', { replace: true });
  };

  return (
    <>
      <form
        className="grid gap-4"
        noValidate
        onFocusCapture={validation.preload}
        onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="First name" error={errors.firstname?.message}>
            {(props) => (
              <input {...props} {...field('firstname')} autoComplete="given-name" className="input w-full" />
            )}
          </Field>
          <Field label="Last name" error={errors.lastname?.message}>
            {(props) => (
              <input {...props} {...field('lastname')} autoComplete="family-name" className="input w-full" />
            )}
          </Field>
        </div>
        <Field label="Email" error={errors.email?.message}>
          {(props) => (
            <input
              {...props}
              {...field('email')}
              type="email"
              autoComplete="email"
              className="input w-full"
            />
          )}
        </Field>
        <Field label="Password" error={errors.password?.message} hint={texts.passwordHint}>
          {(props) => <PasswordInput {...props} {...field('password')} autoComplete="new-password" />}
        </Field>
        <Field label="Confirm password" error={errors.confirmPassword?.message}>
          {(props) => <PasswordInput {...props} {...field('confirmPassword')} autoComplete="new-password" />}
        </Field>
        <div>
          <label className="flex cursor-pointer items-start gap-3 text-sm">
            <input
              type="checkbox"
              className="checkbox checkbox-primary checkbox-sm mt-0.5"
              {...register('terms')}
            />
            <span>
              I accept the{' '}
              <a href="#" className="link">
                terms and conditions
              </a>
            </span>
          </label>
          {errors.terms && (
            <p className="text-error mt-1 text-sm" role="alert">
              {errors.terms.message}
            </p>
          )}
        </div>
        {error && <ErrorText>{error}</ErrorText>}
        <LoadingButton loading={isSubmitting} className="btn btn-primary w-full">
          Submit
        </LoadingButton>
        <p className="text-center text-sm">
          Already have an account?{' '}
          <Link
            to="/signin"
            state={{ from: { pathname: originPath } }}
            className="link link-hover font-semibold"
          >
            Go To Login
          </Link>
        </p>
      </form>
      <SocialButtons callbackPath={originPath} onError={setError} />
    </>
  );
}
