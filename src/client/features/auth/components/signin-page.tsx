import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import { messages } from '#shared/messages.ts';
import { Field, PasswordInput } from '#client/components/ui/form-field.tsx';
import { LoadingButton } from '#client/components/ui/loading-button.tsx';
import { authClient, authErrorText } from '#client/lib/auth-client.ts';
import { sessionQueryOptions } from '#client/lib/session.ts';
import { AuthCard, ErrorText } from './auth-card.tsx';
import { SocialButtons } from './social-buttons.tsx';

export function SignInPage({ originPath }: { originPath: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState<'signin' | 'reset' | null>(null);
  const [error, setError] = useState('');

  const signIn = async (event: FormEvent) => {
    event.preventDefault();
    setPending('signin');
    setError('');
    const result = await authClient.signIn.email({ email, password });
    setPending(null);
    if (result.error) return setError(authErrorText(result.error));
    await queryClient.invalidateQueries(sessionQueryOptions);
    await navigate(originPath, { replace: true });
  };

  const resetPassword = async () => {
    setError('');
    if (!email.trim()) return void toast.error(messages.resetNeedsEmail);
    setPending('reset');
    const result = await authClient.requestPasswordReset({
      email: email.trim(),
      redirectTo: '/reset-password',
    });
    setPending(null);
    if (result.error) return setError(authErrorText(result.error));
    toast.success(messages.resetSent);
  };

  return (
    <AuthCard title="Sign In" description="Sign in to order tools in bulk, pay and follow your deliveries.">
      <form className="grid gap-4" onSubmit={(event) => void signIn(event)}>
        <Field label="Email">
          {(props) => (
            <input
              {...props}
              type="email"
              name="email"
              autoComplete="email"
              required
              className="input w-full"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          )}
        </Field>
        <Field label="Password">
          {(props) => (
            <PasswordInput
              {...props}
              name="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          )}
        </Field>
        {error && <ErrorText>{error}</ErrorText>}
        <LoadingButton
          loading={pending === 'signin'}
          disabled={pending !== null}
          className="btn btn-primary w-full"
        >
          Submit
        </LoadingButton>
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <LoadingButton
            type="button"
            loading={pending === 'reset'}
            disabled={pending !== null}
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
    </AuthCard>
  );
}
