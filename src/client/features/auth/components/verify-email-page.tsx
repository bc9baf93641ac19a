import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'wouter';
import { ErrorNotice } from '#client/components/ui/error-notice.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { callAuth } from '#client/lib/auth-client.ts';
import { texts } from '#client/lib/texts.ts';
import { accountKeys, sessionKeys } from '#client/lib/query-keys.ts';

/** Where the verification e-mail's link lands: confirms the address and says how it went. */
export function VerifyEmailPage() {
  const token = useSearchParams()[0].get('token') ?? '';
  const queryClient = useQueryClient();
  const verification = useQuery({
    queryKey: accountKeys.verification(token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    queryFn: async () => {
      const result = await callAuth((client) => client.verifyEmail({ query: { token } }));
      if (result.error) throw new Error(result.error.message);
      return true;
    },
  });
  const verified = verification.isSuccess;

  useEffect(() => {
    if (verified) void queryClient.invalidateQueries({ queryKey: sessionKeys.all });
  }, [verified, queryClient]);

  return token && (verification.isPending || verification.isFetching) ? (
    <Spinner label="Confirming your e-mail address" />
  ) : verification.error?.message === texts.noConnection ? (
    <ErrorNotice message={texts.noConnection} onRetry={() => void verification.refetch()} />
  ) : (
    <div className="grid gap-4 text-center">
      <p role="status" className={verified ? 'text-success font-semibold' : 'text-error font-semibold'}>
        {verified
          ? 'Thank you: your e-mail address is confirmed.'
          : 'This confirmation link has expired or is not valid. Sign in and ask for a new one from your profile.'}
      </p>
      <Link to="/" className="btn btn-primary">
        Continue shopping
      </Link>
    </div>
  );
}
