import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useAdminCheck } from '#client/features/users/api/check-admin.ts';
import { signOut } from '#client/lib/session.ts';

/** Administrators only: a spinner during the check; anyone else is signed out and sent to /signin. */
export function RequireAdmin({ children }: { children?: ReactNode }) {
  const { isAdmin, isPending, isError } = useAdminCheck();
  const [, navigate] = useLocation();
  const refused = isError || isAdmin === false;

  useEffect(() => {
    if (refused) void signOut().finally(() => navigate('/signin', { replace: true }));
  }, [refused, navigate]);

  if (isPending || refused) return <Spinner label="Checking your access" />;
  return children;
}
