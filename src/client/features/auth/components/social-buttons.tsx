import { useState } from 'react';
import type { SocialProvider } from '#shared/schemas/auth.ts';
import { LoadingButton } from '#client/components/ui/loading-button.tsx';
import { useAuthProviders } from '#client/features/auth/api/get-auth-providers.ts';
import { authErrorText, callAuth } from '#client/lib/auth-client.ts';

const LABELS: Record<SocialProvider, string> = {
  google: 'Sign in with Google',
  github: 'Sign in with GitHub',
};

/**
 * Google and GitHub sign-in, each only when the server is configured for it (a button that can only fail is
 * worse than none: DESIGN.md); the provider sends the user back to `callbackPath`.
 */
export function SocialButtons({
  callbackPath,
  onError,
}: {
  callbackPath: string;
  onError: (text: string) => void;
}) {
  const providers = useAuthProviders().data?.providers ?? [];
  const [pending, setPending] = useState<SocialProvider | null>(null);

  const signIn = async (provider: SocialProvider) => {
    setPending(provider);
    onError('');
    const { error } = await callAuth((client) =>
      client.signIn.social({ provider, callbackURL: callbackPath }),
    );
    // On success the browser is already leaving for the provider.
    if (error) {
      onError(authErrorText(error));
      setPending(null);
    }
  };

  if (providers.length === 0) return null;
  return (
    <div className="grid gap-3">
      <div className="divider text-base-content/70 my-0 text-xs uppercase">or</div>
      {providers.map((provider) => (
        <LoadingButton
          key={provider}
          type="button"
          loading={pending === provider}
          disabled={pending !== null}
          className="btn btn-outline w-full"
          onClick={() => void signIn(provider)}
        >
          {LABELS[provider]}
        </LoadingButton>
      ))}
    </div>
  );
}
