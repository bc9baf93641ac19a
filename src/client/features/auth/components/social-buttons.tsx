import { useState } from 'react';
import { LoadingButton } from '#client/components/ui/loading-button.tsx';
import { authClient, authErrorText } from '#client/lib/auth-client.ts';

const providers = [
  { id: 'google', label: 'Sign in with Google' },
  { id: 'github', label: 'Sign in with GitHub' },
] as const;

/** Google and GitHub sign-in; the provider sends the user back to `callbackPath`. */
export function SocialButtons({
  callbackPath,
  onError,
}: {
  callbackPath: string;
  onError: (text: string) => void;
}) {
  const [pending, setPending] = useState<string | null>(null);

  const signIn = async (provider: (typeof providers)[number]['id']) => {
    setPending(provider);
    onError('');
    const { error } = await authClient.signIn.social({ provider, callbackURL: callbackPath });
    // On success the browser is already leaving for the provider.
    if (error) {
      onError(authErrorText(error));
      setPending(null);
    }
  };

  return (
    <div className="grid gap-3">
      <div className="divider text-base-content/70 my-0 text-xs uppercase">or</div>
      {providers.map((provider) => (
        <LoadingButton
          key={provider.id}
          type="button"
          loading={pending === provider.id}
          disabled={pending !== null}
          className="btn btn-outline w-full"
          onClick={() => void signIn(provider.id)}
        >
          {provider.label}
        </LoadingButton>
      ))}
    </div>
  );
}
